// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { startCartSync } from '../../../client/src/app/cart-sync';
import { RootLayout } from '../../../client/src/app/layouts/root-layout';
import { CartRoute } from '../../../client/src/app/routes/cart';
import { renderCartControl } from '../../../client/src/app/routes/product-actions';
import { ProductRoute } from '../../../client/src/app/routes/product-page';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useLoginModal } from '../../../client/src/features/auth/stores/login-modal-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useCart } from '../../../client/src/features/cart/stores/cart-store';
import { useProducts } from '../../../client/src/features/products/stores/products-store';
import { productFixture } from './marketplace-fixtures';

const milk = productFixture('p1', { name: 'Milk', category: 'Dairy', stock: 2 });
const bread = productFixture('p2', { name: 'Bread', category: 'Bakery', stock: null });

const user = (cartItems: Record<string, number>): UserDto => ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const toasts = () => useToasts.getState().toasts.map((t) => t.message);

/** The browser's fetch in front of a server that keeps at most `stock` of each product, as the cart service does. */
function cappingServer(stock: Record<string, number>) {
  const cap = (items: Record<string, number>) => Object.fromEntries(Object.entries(items).map(([id, q]) => [id, Math.min(q, stock[id] ?? q)]));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { cartItems: Record<string, number> };
    if (url === '/api/cart/update') return json({ success: true, message: 'Cart updated', cartItems: cap(body.cartItems) });
    if (url === '/api/user/login') return json({ success: true, message: 'Logged in', user: user(cap(body.cartItems)) });
    throw new Error(`unexpected call to ${url}`);
  });
}

let stopSync = () => {};
afterEach(() => {
  stopSync();
  stopSync = () => {};
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useCart.setState({ items: {}, owner: null, revision: 0, savedRevision: 0 });
  useSession.setState({ user: null, checked: false });
  useLoginModal.setState({ open: false, mode: 'login' });
  useProducts.setState({ products: [], status: 'idle' });
});

describe('a product card’s cart control', () => {
  it('stops at a counted stock: + is disabled, says why, and focus moves to −', () => {
    render(renderCartControl(milk));
    fireEvent.click(screen.getByRole('button', { name: 'Add Milk to cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add one more Milk' }));

    const more = screen.getByRole('button', { name: 'Add one more Milk' }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    expect(screen.getByTestId('stock-note').textContent).toBe('Only 2 left');
    expect(more.title).toBe('Only 2 left');
    expect(document.getElementById(more.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Only 2 left');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove one Milk' }));

    fireEvent.click(more);
    expect(useCart.getState().items).toEqual({ p1: 2 });
  });

  it('stops only the product whose stock is counted', () => {
    useCart.setState({ items: { p1: 2, p2: 5 } });
    render(createElement('div', null, renderCartControl(milk), renderCartControl(bread)));
    fireEvent.click(screen.getByRole('button', { name: 'Add one more Bread' }));

    expect((screen.getByRole('button', { name: 'Add one more Milk' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add one more Bread' }) as HTMLButtonElement).disabled).toBe(false);
    expect(useCart.getState().items).toEqual({ p1: 2, p2: 6 });
    expect(screen.getAllByTestId('stock-note').map((n) => n.textContent)).toEqual(['Only 2 left']);
  });
});

describe('the product page at a counted stock', () => {
  it('disables + and lets Buy now go to the cart without adding one more', () => {
    useProducts.setState({ products: [milk], status: 'ready' });
    useCart.setState({ items: { p1: 2 } });
    render(
      createElement(
        MemoryRouter,
        { initialEntries: ['/products/dairy/p1'] },
        createElement(
          Routes,
          null,
          createElement(Route, { path: '/products/:category/:id', element: createElement(ProductRoute) }),
          createElement(Route, { path: '/cart', element: createElement('h1', null, 'Cart') }),
        ),
      ),
    );
    expect((screen.getByRole('button', { name: 'Add one more Milk' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('stock-note').textContent).toBe('Only 2 left');

    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeTruthy();
    expect(useCart.getState().items).toEqual({ p1: 2 });
    expect(toasts()).not.toContain('Added To Cart');
  });
});

describe('the cart page’s stepper', () => {
  function openCart(items: Record<string, number>) {
    useProducts.setState({ products: [milk, bread], status: 'ready' });
    useCart.setState({ items });
    render(createElement(MemoryRouter, null, createElement(CartRoute)));
  }

  it('cannot go above a counted stock, and says how many are left', () => {
    openCart({ p1: 1 });
    const increase = screen.getByRole('button', { name: 'Increase Milk' }) as HTMLButtonElement;
    fireEvent.click(increase);
    expect(useCart.getState().items).toEqual({ p1: 2 });
    expect(increase.disabled).toBe(true);
    expect(increase.title).toBe('Only 2 left');
    expect(screen.getByTestId('stock-note').textContent).toBe('Only 2 left');

    fireEvent.click(increase);
    expect(useCart.getState().items).toEqual({ p1: 2 });
  });

  it('takes a typed number above the stock as the stock, and shows it', () => {
    openCart({ p1: 1 });
    const field = screen.getByRole('spinbutton', { name: 'Milk quantity' }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '9' } });
    expect(useCart.getState().items).toEqual({ p1: 2 });
    expect(field.value).toBe('2');
  });
});

describe('a cart the server cut down to its stock', () => {
  it('says so once when a signed-in shopper’s save comes back with fewer units, and not before', async () => {
    // The page's stock of Milk is older than the server's: one was sold meanwhile.
    useProducts.setState({ products: [{ ...milk, stock: 3 }, bread], status: 'ready' });
    useSession.setState({ user: user({}), checked: true });
    cappingServer({ p1: 2 });
    stopSync = startCartSync();
    const saved = () => expect(useCart.getState().savedRevision).toBe(useCart.getState().revision);

    act(() => useCart.setState({ items: { p1: 1, p2: 1 } }));
    act(() => useCart.getState().itemAdded('p1'));
    await waitFor(saved);
    expect(useCart.getState().items).toEqual({ p1: 2, p2: 1 });
    expect(toasts()).toEqual([]);

    act(() => useCart.getState().itemAdded('p1'));
    await waitFor(() => expect(toasts()).toEqual(['Only 2 of Milk are left; your cart has been updated']));
    saved();
    expect(useCart.getState().items).toEqual({ p1: 2, p2: 1 });
  });

  it('says so when a visitor’s cart above the stock is merged at login', async () => {
    useProducts.setState({ products: [milk, bread], status: 'ready' });
    useCart.setState({ items: { p1: 5, p2: 1 }, owner: null });
    cappingServer({ p1: 2 });
    const router = createMemoryRouter([{ path: '/', element: createElement(RootLayout), children: [{ index: true, element: null }] }]);
    render(createElement(RouterProvider, { router }));

    act(() => useLoginModal.getState().loginRequested('login'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'ashas-secret-pw' } });
    fireEvent.submit(screen.getByLabelText('Email').closest('form')!);

    await waitFor(() => expect(useSession.getState().user?._id).toBe('u1'));
    expect(useCart.getState().items).toEqual({ p1: 2, p2: 1 });
    expect(toasts()).toContain('Only 2 of Milk are left; your cart has been updated');
  });
});
