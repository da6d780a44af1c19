// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SellerArea } from '../../../client/src/app/routes/seller/seller-area';
import { SellerRegisterRoute } from '../../../client/src/app/routes/seller/seller-register';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';

// The browser's fetch in front of a server where no store is signed in.
beforeEach(() => {
  vi.stubGlobal('fetch', async () =>
    new Response(JSON.stringify({ success: false, message: 'Seller login required' }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSellerSession.setState({ status: 'unknown', seller: null, signIns: 0 });
});

/** A shopper who followed "Become Seller" (or typed /seller) to `path`; the shop's home stands in as its heading. */
function openAt(path: string, page: ComponentType) {
  const router = createMemoryRouter(
    [
      { path: '/', element: createElement('h1', null, 'Shop home') },
      { path, element: createElement(page) },
    ],
    { initialEntries: [path] },
  );
  render(createElement(RouterProvider, { router }));
  return router;
}

describe('the seller pages a shopper can reach without a seller session', () => {
  it.each<[string, string, ComponentType, string]>([
    ['the seller login', '/seller', SellerArea, 'Seller Login'],
    ['the store sign-up', '/seller/register', SellerRegisterRoute, 'Become a Seller'],
  ])('%s leads back to the shop, having no navbar to do it', async (_page, path, page, form) => {
    const router = openAt(path, page);
    await screen.findByRole('form', { name: form });

    fireEvent.click(screen.getByRole('link', { name: 'FreshCart home' }));

    expect(await screen.findByRole('heading', { name: 'Shop home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
