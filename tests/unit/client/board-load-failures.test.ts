// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { AllOrders } from '../../../client/src/features/operator/components/all-orders';
import { StoresAdmin } from '../../../client/src/features/operator/components/stores-admin';
import { useAdminOrders } from '../../../client/src/features/operator/stores/admin-orders-store';
import { useAdminStores } from '../../../client/src/features/operator/stores/admin-stores-store';
import { OrdersBoard } from '../../../client/src/features/seller/components/orders-board';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { orderFixture, storeFixture } from './marketplace-fixtures';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const placed = orderFixture({ _id: 'a' });

/** The server answers while `up`; otherwise the connection fails. */
let up = true;
beforeEach(() => {
  up = true;
  vi.stubGlobal('fetch', async (input: string) => {
    if (!up) throw new TypeError('Failed to fetch');
    if (input.startsWith('/api/admin/sellers')) return json({ success: true, sellers: [storeFixture({ id: 's2' })] });
    return json({ success: true, orders: [placed], total: 1, page: 1, limit: 20 });
  });
  useSellerOrders.setState(useSellerOrders.getInitialState(), true);
  useAdminOrders.setState(useAdminOrders.getInitialState(), true);
  useAdminStores.setState(useAdminStores.getInitialState(), true);
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a board whose first load failed', () => {
  const live = orderFixture({ _id: 'live', createdAt: '2026-11-23T12:00:00.000Z' });

  it('keeps the failure and its Retry above an order that arrives live (seller board)', async () => {
    up = false;
    render(createElement(OrdersBoard, { refreshKey: 0 }));
    await screen.findByTestId('load-failed');
    act(() => useSellerOrders.getState().orderCreated(live));
    expect(screen.getByTestId('seller-orders')).toBeTruthy();
    expect(screen.getByTestId('load-failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the failure and its Retry above an order that arrives live (All Orders)', async () => {
    up = false;
    render(createElement(AllOrders, { refreshKey: 0 }));
    await screen.findByTestId('load-failed');
    act(() => useAdminOrders.getState().orderCreated(live));
    expect(screen.getByTestId('admin-orders')).toBeTruthy();
    expect(screen.getByTestId('load-failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('an operator page whose refresh fails over what it shows', () => {
  const errorToasts = () => useToasts.getState().toasts.filter((t) => t.type === 'error').map((t) => t.message);

  it('All Orders keeps its orders and says the refresh failed', async () => {
    const { rerender } = render(createElement(AllOrders, { refreshKey: 0 }));
    await screen.findByTestId('admin-orders');
    up = false;
    rerender(createElement(AllOrders, { refreshKey: 1 }));
    await waitFor(() => expect(errorToasts()).toEqual(['Could not reach FreshCart. Check your connection and try again.']));
    expect(screen.getByTestId('admin-orders')).toBeTruthy();
  });

  it('Stores keeps its stores and says the refresh failed', async () => {
    const { rerender } = render(createElement(StoresAdmin, { refreshKey: 0 }));
    await screen.findByTestId('admin-stores');
    up = false;
    rerender(createElement(StoresAdmin, { refreshKey: 1 }));
    await waitFor(() => expect(errorToasts()).toEqual(['Could not reach FreshCart. Check your connection and try again.']));
    expect(screen.getByTestId('admin-stores')).toBeTruthy();
  });
});
