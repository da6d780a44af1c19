import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './styles/global.css';
import { loadSession, loadStoreInfo, refreshProducts } from './app/bootstrap';
import { startCartSync } from './app/cart-sync';
import { startLiveUpdates } from './app/live-bridge';
import { router } from './app/router';
import { recheckSessions } from './app/session-check';
import { toast } from './components/ui/toast/toast-store';
import { whenOriginRefused, whenSessionRefused } from './lib/api-client';

// Outside React on purpose: one socket and one cart sync for the page's lifetime (StrictMode double effects aside).
// A page opened at an address that is not the store's: say where the store is, once, until dismissed.
whenOriginRefused((message) => toast.error(message, { id: 'origin-refused', duration: Number.POSITIVE_INFINITY }));
// A 401 may mean a session ended elsewhere: the page finds out which and stops showing it.
whenSessionRefused(() => void recheckSessions());
startCartSync();
startLiveUpdates();
void loadStoreInfo();
void loadSession();
refreshProducts();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
