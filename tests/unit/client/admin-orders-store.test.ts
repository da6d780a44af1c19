// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerSelfDto } from '../../../core/contracts/http/account-replies';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useAdminOrders } from '../../../client/src/features/operator/stores/admin-orders-store';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

/** An order of another store as placed (v1), and as the store then sent it on its way (v2). */
const placed = orderFixture({ _id: 'b', seller: { id: 's2', storeName: 'Anand Dairy' } });
const onTheWay = orderFixture({ ...placed, status: 'On The Way', version: 2 });

/** The operator's All Orders page, open and unfiltered, holding `orders`. */
function pageHolds(...orders: ReturnType<typeof orderFixture>[]): void {
  useAdminOrders.setState({ ...useAdminOrders.getInitialState(), orders, total: orders.length, status: 'ready' }, true);
}

describe('the operator’s All Orders store', () => {
  beforeEach(() => pageHolds());

  it('keeps an update that arrives before its order.created, and shows the newer of the two', () => {
    const page = useAdminOrders.getState();
    page.orderUpdated(onTheWay);
    expect(useAdminOrders.getState().orders).toEqual([]);
    page.orderCreated(placed);
    const state = useAdminOrders.getState();
    expect(state.orders).toEqual([onTheWay]);
    expect(state.total).toBe(1);
    expect(state.early).toEqual({});
  });

  it('shows the order as placed when the update heard before it is older', () => {
    const page = useAdminOrders.getState();
    page.orderUpdated(placed);
    page.orderCreated(onTheWay);
    expect(useAdminOrders.getState().orders).toEqual([onTheWay]);
  });

  it('applies an early update when a snapshot brings its order, and keeps the snapshot where it is newer', () => {
    const other = orderFixture({ _id: 'c', status: 'Delivered', version: 4 });
    const page = useAdminOrders.getState();
    page.orderUpdated(onTheWay);
    page.orderUpdated(orderFixture({ _id: 'c', status: 'On The Way', version: 3 }));
    page.ordersRequested();
    page.ordersLoaded([placed, other], 2);
    const state = useAdminOrders.getState();
    expect(state.orders).toEqual([onTheWay, other]);
    expect(state.early).toEqual({});
    expect(state.total).toBe(2);
  });

  it('does not show an order by an update older than one already heard of it, which moved it out of the filter', () => {
    useAdminOrders.setState({ filter: { seller: '', status: 'Order Placed' } });
    const page = useAdminOrders.getState();
    page.orderUpdated(onTheWay);
    page.orderUpdated(placed);
    const state = useAdminOrders.getState();
    expect(state.orders).toEqual([]);
    expect(state.early.b).toEqual(onTheWay);
  });
});

describe('the operator’s All Orders page, live', () => {
  const self: SellerSelfDto = { id: 's1', name: 'Ravi Kumar', storeName: 'Green Basket', status: 'approved', statusReason: null, isOperator: true };
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  let stopLive = () => {};

  beforeEach(() => {
    ScriptedSocket.opened = [];
    vi.stubGlobal('WebSocket', ScriptedSocket);
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/seller/is-auth') return json({ success: true, seller: self });
      return json({ success: true, products: [], total: 0, page: 1, limit: null });
    });
    useSession.setState({ user: null, checked: true });
    useSellerSession.setState({ status: 'seller', seller: self });
    pageHolds();
  });
  afterEach(() => {
    stopLive();
    vi.unstubAllGlobals();
  });

  it('shows the status of an update announced before its order.created, not the order as placed', async () => {
    stopLive = startLiveUpdates();
    const socket = ScriptedSocket.opened[0]!;
    act(() => socket.hello({ role: 'operator' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    act(() => socket.receive({ type: 'order.updated', order: onTheWay }));
    act(() => socket.receive({ type: 'order.created', order: placed }));
    expect(useAdminOrders.getState().orders).toEqual([onTheWay]);
  });
});
