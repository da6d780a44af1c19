// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/order-replies';
import { AllOrders } from '../../../client/src/features/operator/components/all-orders';
import { useAdminOrders } from '../../../client/src/features/operator/stores/admin-orders-store';
import { useAdminStores } from '../../../client/src/features/operator/stores/admin-stores-store';
import { OrdersBoard } from '../../../client/src/features/seller/components/orders-board';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { orderFixture } from './marketplace-fixtures';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The server's side of the boards: 25 placed orders, o01 the newest, listed a page at a time by offset, as the server
 * lists them; a status change moves an order out of an Order Placed filter at once.
 */
let held: OrderDto[] = [];
function serverHolds(): void {
  held = Array.from({ length: 25 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return orderFixture({ _id: `o${n}`, createdAt: new Date(Date.UTC(2026, 10, 23, 12) - i * 60_000).toISOString() });
  });
}
function listed(url: URL): { orders: OrderDto[]; total: number; page: number; limit: number } {
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  const status = url.searchParams.get('status');
  const matching = held.filter((o) => !status || o.status === status);
  return { orders: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit };
}
/** The order sent on its way, as another tab or the store's own change does it. */
function dispatched(id: string): OrderDto {
  const at = held.findIndex((o) => o._id === id);
  const order = { ...held[at]!, status: 'On The Way', version: held[at]!.version + 1, promisedAt: '2099-01-01T00:00:00.000Z' };
  held[at] = order;
  return order;
}

beforeEach(() => {
  serverHolds();
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/order/seller' || url.pathname === '/api/admin/orders') return json({ success: true, ...listed(url) });
    if (url.pathname === '/api/order/status' && init?.method === 'PUT') {
      const { orderId } = JSON.parse(String(init.body)) as { orderId: string };
      return json({ success: true, message: 'Order status updated', order: dispatched(orderId) });
    }
    if (url.pathname === '/api/admin/sellers') return json({ success: true, sellers: [] });
    throw new Error(`unexpected ${input}`);
  });
  useSellerOrders.setState({ ...useSellerOrders.getInitialState(), filter: 'Order Placed' }, true);
  useAdminOrders.setState({ ...useAdminOrders.getInitialState(), filter: { seller: '', status: 'Order Placed' } }, true);
  useAdminStores.setState(useAdminStores.getInitialState(), true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ids = (testId: string) => screen.queryAllByTestId(testId).map((row) => row.getAttribute('data-order-id'));
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const serverPage = (page: number) => listed(new URL(`/?status=Order+Placed&page=${page}&limit=20`, 'http://localhost')).orders.map((o) => o._id);
const stillPlaced = () => held.filter((o) => o.status === 'Order Placed').map((o) => o._id);

/**
 * Every Order Placed order the rows show, on the page open and then as the user presses Next until it is disabled
 * (each page shown as the server lists it).
 */
async function pagedThrough(testId: string, page: () => number): Promise<(string | null)[]> {
  const placedRows = () => screen.queryAllByTestId(testId).filter((row) => row.getAttribute('data-status') === 'Order Placed');
  const seen = new Set(placedRows().map((row) => row.getAttribute('data-order-id')));
  const nextOne = () => screen.queryByRole('button', { name: 'Next' }) as HTMLButtonElement | null;
  for (let turn = 0; turn < 4 && nextOne() && !nextOne()!.disabled; turn++) {
    next();
    await waitFor(() => expect(ids(testId)).toEqual(serverPage(page())));
    ids(testId).forEach((id) => seen.add(id));
  }
  return [...seen].sort();
}

describe('the seller board filtered by Order Placed, 25 orders at 20 a page', () => {
  async function opened() {
    render(createElement(OrdersBoard, { refreshKey: 0 }));
    await waitFor(() => expect(ids('seller-order-row')).toHaveLength(20));
  }
  /** The seller sends the order on its way from its row, keeping the default ETA. */
  async function sendOnItsWay(id: string) {
    const row = screen.getAllByTestId('seller-order-row').find((r) => r.getAttribute('data-order-id') === id)!;
    fireEvent.change(row.querySelector('select')!, { target: { value: 'On The Way' } });
    await waitFor(() => expect(row.getAttribute('data-status')).toBe('On The Way'));
  }

  it('keeps a dispatched order on view, and skips no order on the way to the next page', async () => {
    await opened();
    await sendOnItsWay('o01');
    expect(ids('seller-order-row')).toContain('o01');

    expect(await pagedThrough('seller-order-row', () => useSellerOrders.getState().page)).toEqual(stillPlaced());
  });

  it('after dispatching the whole first page, shows the five orders left instead of an empty page', async () => {
    await opened();
    for (const order of held.slice(0, 20)) act(() => useSellerOrders.getState().orderUpdated(dispatched(order._id)));
    next();
    await waitFor(() => expect(ids('seller-order-row')).toEqual(['o21', 'o22', 'o23', 'o24', 'o25']));
    expect(useSellerOrders.getState().page).toBe(1);
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).toBeNull();
  });

  it('goes to the last page when the one it loads has been emptied meanwhile', async () => {
    useSellerOrders.setState({ page: 2 });
    for (const order of held.slice(20)) dispatched(order._id);
    render(createElement(OrdersBoard, { refreshKey: 0 }));
    await waitFor(() => expect(ids('seller-order-row')).toHaveLength(20));
    expect(useSellerOrders.getState().page).toBe(1);
  });

  it('keeps a way back from a page past the last while it loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    useSellerOrders.setState({ page: 2, total: 5, status: 'ready' });
    render(createElement(OrdersBoard, { refreshKey: 0 }));
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the operator’s All Orders page filtered by Order Placed, 25 orders at 20 a page', () => {
  async function opened() {
    render(createElement(AllOrders, { refreshKey: 0 }));
    await waitFor(() => expect(ids('admin-order-row')).toHaveLength(20));
  }

  it('skips no order on the way to the next page after one left the filter live', async () => {
    await opened();
    act(() => useAdminOrders.getState().orderUpdated(dispatched('o01')));
    expect(ids('admin-order-row')).toContain('o01');

    expect(await pagedThrough('admin-order-row', () => useAdminOrders.getState().page)).toEqual(stillPlaced());
  });

  it('after the whole first page left the filter, shows the five orders left instead of an empty page', async () => {
    await opened();
    for (const order of held.slice(0, 20)) act(() => useAdminOrders.getState().orderUpdated(dispatched(order._id)));
    next();
    await waitFor(() => expect(ids('admin-order-row')).toEqual(['o21', 'o22', 'o23', 'o24', 'o25']));
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).toBeNull();
  });

  it('goes to the last page when the one it loads has been emptied meanwhile', async () => {
    useAdminOrders.setState({ page: 2 });
    for (const order of held.slice(20)) dispatched(order._id);
    render(createElement(AllOrders, { refreshKey: 0 }));
    await waitFor(() => expect(ids('admin-order-row')).toHaveLength(20));
    expect(useAdminOrders.getState().page).toBe(1);
  });

  it('keeps a way back from a page past the last while it loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    useAdminOrders.setState({ page: 2, total: 5, status: 'ready' });
    render(createElement(AllOrders, { refreshKey: 0 }));
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
