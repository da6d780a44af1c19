// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerSelfDto } from '../../../core/contracts/http/account-replies';
import { SellerArea } from '../../../client/src/app/routes/seller/seller-area';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';

const store: SellerSelfDto = { id: 's1', name: 'Ravi', storeName: 'Green Basket', status: 'approved', statusReason: null, isOperator: false };

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

// The browser's fetch in front of a server where the store is signed out until it logs in.
beforeEach(() => {
  let signedIn = false;
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/seller/login') {
      signedIn = true;
      return json({ success: true, message: 'Logged in' });
    }
    if (url === '/api/seller/is-auth') return json(signedIn ? { success: true, seller: store } : { success: false, message: 'Seller login required' });
    return json({ success: false, message: `Unexpected call to ${url}` });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSellerSession.setState({ status: 'unknown', seller: null, signIns: 0 });
  useToasts.setState({ toasts: [] });
});

/** The seller area at `path`, its pages standing in as their headings. */
function openSellerArea(path: string) {
  const page = (name: string) => createElement('h1', null, name);
  const router = createMemoryRouter(
    [
      {
        path: '/seller',
        element: createElement(SellerArea),
        children: [
          { index: true, element: page('Add Product') },
          { path: 'orders', element: page('Orders') },
          { path: 'product-list', element: page('Product List') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(createElement(RouterProvider, { router }));
  return router;
}

async function logIn() {
  const form = await screen.findByRole('form', { name: 'Seller Login' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ravi@greenbasket.example' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'fresh-greens-42' } });
  fireEvent.submit(form);
}

describe('the seller login', () => {
  it('takes a store that logs in from a page it asked for to that page, not the first seller page', async () => {
    const router = openSellerArea('/seller/orders');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/seller/orders');
    expect(useSellerSession.getState().seller).toEqual(store);
  });

  it('takes a store that logs in at /seller to the first seller page', async () => {
    const router = openSellerArea('/seller');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/seller');
  });
});
