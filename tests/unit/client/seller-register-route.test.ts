// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerSelfDto } from '../../../core/contracts/http/account-replies';
import { SellerRegisterRoute } from '../../../client/src/app/routes/seller/seller-register';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';

const store: SellerSelfDto = { id: 's1', name: 'Ravi', storeName: 'Green Basket', status: 'approved', statusReason: null, isOperator: false };

/** The browser's fetch in front of a server whose seller check answers `seller` (null: no store signed in). */
function serverKnows(seller: SellerSelfDto | null) {
  const body = seller ? { success: true, seller } : { success: false, message: 'Seller login required' };
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
}

/** A fresh page load at /seller/register: no one has asked yet who this is. */
function openRegister() {
  const router = createMemoryRouter(
    [
      { path: '/seller/register', element: createElement(SellerRegisterRoute) },
      { path: '/seller', element: createElement('h1', null, 'Seller dashboard') },
    ],
    { initialEntries: ['/seller/register'] },
  );
  render(createElement(RouterProvider, { router }));
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSellerSession.setState({ status: 'unknown', seller: null, signIns: 0 });
});

describe('/seller/register', () => {
  it('sends a store already signed in to its seller dashboard, not the sign-up form', async () => {
    serverKnows(store);
    const router = openRegister();
    expect(await screen.findByRole('heading', { name: 'Seller dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/seller');
    expect(screen.queryByRole('form', { name: 'Become a Seller' })).toBeNull();
  });

  it('shows the sign-up form to a visitor without a seller session', async () => {
    serverKnows(null);
    const router = openRegister();
    expect(await screen.findByRole('form', { name: 'Become a Seller' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/seller/register');
  });
});
