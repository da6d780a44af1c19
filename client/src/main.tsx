import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './styles/global.css';
import { loadSession, refreshProducts } from './app/bootstrap';
import { startCartSync } from './app/cart-sync';
import { startLiveUpdates } from './app/live-bridge';
import { router } from './app/router';

// Outside React on purpose: one socket and one cart sync for the page's lifetime (StrictMode double effects aside).
startCartSync();
startLiveUpdates();
void loadSession();
refreshProducts();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
