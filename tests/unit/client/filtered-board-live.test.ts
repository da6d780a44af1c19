// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerSelfDto } from '../../../core/contracts/http/account-replies';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useAdminOrders } from '../../../client/src/features/operator/stores/admin-orders-store';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const self: SellerSelfDto = { id: 's1', name: 'Ravi Kumar', storeName: 'Green Basket', status: 'approved', statusReason: null, isOperator: true };

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Two placed orders on the first page: one newer and one older than the online order placed in between. */
const newer = orderFixture({ _id: 'n', createdAt: '2026-11-23T11:00:00.000Z' });
const older = orderFixture({ _id: 'o', createdAt: '2026-11-23T09:00:00.000Z' });
const at = '2026-11-23T10:30:00.000Z';
/** An online order as created (Pending, waiting for its payment) and as its payment confirmed moved it. */
const pending = orderFixture({
  _id: 'p',
  status: 'Pending',
  paymentType: 'Online',
  createdAt: at,
  history: [{ from: null, to: 'Pending', isPaid: false, actor: 'user', note: null, at }],
});
const paid = orderFixture({
  ...pending,
  status: 'Order Placed',
  isPaid: true,
  version: 2,
  history: [...pending.history, { from: 'Pending', to: 'Order Placed', isPaid: true, actor: 'system', note: null, at }],
});

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
});
afterEach(() => {
  stopLive();
  vi.unstubAllGlobals();
});

/** Opens the socket as `role` and lets the reconnect's reads settle. */
async function connected(role: string): Promise<ScriptedSocket> {
  stopLive = startLiveUpdates();
  const socket = ScriptedSocket.opened[0]!;
  act(() => socket.hello({ role }));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return socket;
}

/** The server announces the online order: created while Pending, then paid. */
function placedOnline(socket: ScriptedSocket): void {
  act(() => socket.receive({ type: 'order.created', order: pending }));
  act(() => socket.receive({ type: 'order.updated', order: paid }));
}

describe('a board filtered by Order Placed, when an online order is paid', () => {
  it('shows the order on the seller board in its place, newest first, and counts it', async () => {
    useSellerOrders.setState({ ...useSellerOrders.getInitialState(), orders: [newer, older], total: 2, status: 'ready', filter: 'Order Placed' });
    placedOnline(await connected('seller'));
    const board = useSellerOrders.getState();
    expect(board.orders.map((o) => o._id)).toEqual(['n', 'p', 'o']);
    expect(board.orders[1]).toEqual(paid);
    expect(board.total).toBe(3);
    expect(board.early).toEqual({});
  });

  it('shows the order on the operator’s All Orders page in its place, newest first, and counts it', async () => {
    useAdminOrders.setState({
      ...useAdminOrders.getInitialState(),
      orders: [newer, older],
      total: 2,
      status: 'ready',
      filter: { seller: '', status: 'Order Placed' },
    });
    placedOnline(await connected('operator'));
    const page = useAdminOrders.getState();
    expect(page.orders.map((o) => o._id)).toEqual(['n', 'p', 'o']);
    expect(page.orders[1]).toEqual(paid);
    expect(page.total).toBe(3);
  });
});
