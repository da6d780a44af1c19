// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { StoreStatusForm } from '../../../client/src/features/operator/components/store-status-form';
import { MyOrdersList } from '../../../client/src/features/orders/components/my-orders-list';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';
import { SellerArea } from '../../../client/src/app/routes/seller/seller-area';
import { OrderPlacedRoute } from '../../../client/src/app/routes/order-placed';
import { orderFixture, storeFixture } from './marketplace-fixtures';

/** The browser's fetch answering every call with one reply; records the calls. */
function serverAnswers(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const inRouter = (node: ReactNode) => createElement(MemoryRouter, null, node);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useMyOrders.setState({ orders: [], status: 'idle' });
  useSellerSession.setState({ status: 'unknown', seller: null });
});

describe('My Orders', () => {
  const green = { id: 's1', storeName: 'Green Basket' };
  const dairy = { id: 's2', storeName: 'Anand Dairy' };
  const orders = [
    orderFixture({ _id: 'g', orderId: 'OD-G', checkoutId: 'CK-TWO', seller: green, amount: 42, fee: 2, createdAt: '2026-11-23T11:00:00.000Z' }),
    orderFixture({ _id: 'd', orderId: 'OD-D', checkoutId: 'CK-TWO', seller: dairy, amount: 30, createdAt: '2026-11-23T11:00:00.000Z' }),
    orderFixture({ _id: 'x', orderId: 'OD-X', checkoutId: 'CK-ONE', seller: green }),
  ];

  it('shows a checkout of two stores under its id, each store’s order with its own status, and follows each live', async () => {
    serverAnswers(200, { success: true, orders });
    render(inRouter(createElement(MyOrdersList, { refreshKey: 0 })));
    const group = await screen.findByRole('region', { name: 'Checkout CK-TWO' });
    expect(screen.getByRole('heading', { level: 2, name: 'Checkout CK-TWO' })).toBeTruthy();
    const cards = within(group).getAllByTestId('order-card');
    expect(cards.map((c) => within(c).getByTestId('order-store').textContent)).toEqual(['Sold by Anand Dairy', 'Sold by Green Basket']);
    // Under the checkout's h2 the orders are h3; an order alone in its checkout keeps its h2.
    expect(within(group).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Order ID: OD-D', 'Order ID: OD-G']);
    expect(screen.getByRole('heading', { level: 2, name: 'Order ID: OD-X' })).toBeTruthy();
    expect(within(group).getByText('₹72')).toBeTruthy();

    const dairyOrder = orders[1]!;
    act(() => useMyOrders.getState().orderReceived({ ...dairyOrder, status: 'On The Way', version: 2 }));
    const statuses = () => within(group).getAllByTestId('order-card').map((c) => c.getAttribute('data-status'));
    expect(statuses()).toEqual(['On The Way', 'Order Placed']);
  });
});

describe('the seller area', () => {
  function renderSellerArea() {
    const router = createMemoryRouter(
      [{ path: '/seller', element: createElement(SellerArea), children: [{ index: true, element: createElement('h1', null, 'Add Product') }] }],
      { initialEntries: ['/seller'] },
    );
    render(createElement(RouterProvider, { router }));
  }

  it('names the store, shows the pending banner, and drops it when the store’s approval arrives live', () => {
    const pending = storeFixture({ id: 'mine', storeName: 'Green Basket', name: 'Ravi', status: 'pending' });
    useSellerSession.getState().sellerLoggedIn({ id: 'mine', name: 'Ravi', storeName: 'Green Basket', status: 'pending', statusReason: null, isOperator: false });
    renderSellerArea();
    expect(screen.getByTestId('seller-store-name').textContent).toBe('Green Basket');
    expect(screen.getByTestId('store-status-banner').textContent).toContain('Your store is waiting for approval');
    expect(screen.queryByRole('link', { name: 'Stores' })).toBeNull();

    // Another store's change is not this store's business.
    act(() => useSellerSession.getState().storeUpdated({ ...pending, id: 'other', status: 'rejected' }));
    expect(screen.getByTestId('store-status-banner').getAttribute('data-status')).toBe('pending');

    act(() => useSellerSession.getState().storeUpdated({ ...pending, status: 'approved' }));
    expect(screen.queryByTestId('store-status-banner')).toBeNull();

    act(() => useSellerSession.getState().storeUpdated({ ...pending, status: 'suspended', statusReason: 'Late deliveries' }));
    expect(screen.getByTestId('store-status-banner').textContent).toContain('Reason: Late deliveries');
  });

  it('gives the operator the links to the stores, all orders and totals', () => {
    useSellerSession.getState().sellerLoggedIn({ id: 'op', name: 'Admin', storeName: 'FreshCart', status: 'approved', statusReason: null, isOperator: true });
    renderSellerArea();
    for (const name of ['Stores', 'All Orders', 'Store Totals']) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.queryByTestId('store-status-banner')).toBeNull();
  });
});

describe('rejecting a store', () => {
  it('asks for a reason before anything is sent, then sends it', async () => {
    const store = storeFixture({ id: 'st1', storeName: 'Green Basket' });
    const calls = serverAnswers(200, { success: true, message: 'Store rejected', seller: { ...store, status: 'rejected', statusReason: 'No licence' } });
    const done: unknown[] = [];
    render(inRouter(createElement(StoreStatusForm, { store, action: 'rejected', onDone: (s: unknown) => void done.push(s), onCancel: () => {} })));
    const form = screen.getByRole('form', { name: 'Reject Green Basket' });
    fireEvent.submit(form);
    const reason = screen.getByLabelText('Reason (the store sees it)');
    await waitFor(() => expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please give a reason for rejecting the store'));
    expect(calls).toEqual([]);

    fireEvent.change(reason, { target: { value: 'No licence' } });
    fireEvent.submit(form);
    await waitFor(() => expect(done).toHaveLength(1));
    expect(calls).toEqual([{ url: '/api/admin/sellers/st1/status', body: { status: 'rejected', reason: 'No licence' } }]);
  });
});

describe('the confirmation of a checkout', () => {
  function renderPlaced(state: unknown) {
    const router = createMemoryRouter(
      [
        { path: '/order-placed', element: createElement(OrderPlacedRoute) },
        { path: '/my-orders', element: createElement('h1', null, 'My Orders') },
      ],
      { initialEntries: [{ pathname: '/order-placed', state }] },
    );
    render(createElement(RouterProvider, { router }));
  }

  it('lists every store’s order of a several-store checkout and the total paid once', () => {
    const orders = [
      orderFixture({ _id: 'g', orderId: 'OD-G', checkoutId: 'CK-TWO', seller: { id: 's1', storeName: 'Green Basket' }, amount: 42, fee: 2 }),
      orderFixture({ _id: 'd', orderId: 'OD-D', checkoutId: 'CK-TWO', seller: { id: 's2', storeName: 'Anand Dairy' }, amount: 30 }),
    ];
    renderPlaced({ order: orders[0], orders });
    expect(screen.getByTestId('placed-checkout-id').textContent).toBe('CK-TWO');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Green Basket · Order OD-G', 'Anand Dairy · Order OD-D']);
    expect(screen.getByTestId('placed-order-amount').textContent).toBe('₹72');
    expect(document.title).toContain('Checkout CK-TWO placed');
  });

  it('keeps the one-order confirmation for a checkout of one store', () => {
    const order = orderFixture({ _id: 'x', orderId: 'OD-X' });
    renderPlaced({ order, orders: [order] });
    expect(screen.getByTestId('placed-order-id').textContent).toBe('OD-X');
    expect(screen.queryByTestId('placed-checkout-id')).toBeNull();
  });
});
