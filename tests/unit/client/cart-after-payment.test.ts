// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import type { OrderDto } from '../../../core/contracts/http/order-replies';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useCart } from '../../../client/src/features/cart/stores/cart-store';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const user: UserDto = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** An online order for apples, as created (Pending), as its payment placed it, and as a refund announced it again. */
function onlineOrder(placedAt: string): { pending: OrderDto; paid: OrderDto; refunded: OrderDto } {
  const pending = orderFixture({
    _id: 'o1',
    status: 'Pending',
    paymentType: 'Online',
    items: [{ product: { _id: 'apples', name: 'Apples', category: 'Fruits', offerPrice: 40, image: '/a.png', images: ['/a.png'] }, quantity: 2 }],
    history: [{ from: null, to: 'Pending', isPaid: false, actor: 'user', note: null, at: placedAt }],
  });
  const paid = orderFixture({
    ...pending,
    status: 'Order Placed',
    isPaid: true,
    version: 2,
    // The move and its history row are written at the same moment.
    updatedAt: placedAt,
    history: [...pending.history, { from: 'Pending', to: 'Order Placed', isPaid: true, actor: 'system', note: null, at: placedAt }],
  });
  // A refund changes the order's version, its refund and when it was written, not its history: the last row is still
  // the move to Order Placed.
  const refunded = { ...paid, version: 3, updatedAt: new Date(Date.parse(placedAt) + 30_000).toISOString(), refund: { status: 'pending' as const, amount: 40 } };
  return { pending, paid, refunded };
}

let socket: ScriptedSocket;
let stopLive = () => {};
beforeEach(async () => {
  ScriptedSocket.opened = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async () => json({ success: true, user, products: [], total: 0, page: 1 }));
  useSession.setState({ user, checked: true });
  useMyOrders.setState(useMyOrders.getInitialState(), true);
  stopLive = startLiveUpdates();
  socket = ScriptedSocket.opened[0]!;
  act(() => socket.hello({ role: 'user' }));
  // The reconnect's cart read settles before the test fills the cart.
  await new Promise((resolve) => setTimeout(resolve, 10));
  useCart.getState().cartReplaced({ apples: 2, milk: 1 }, 'u1');
});
afterEach(() => {
  stopLive();
  vi.unstubAllGlobals();
});

const receive = (type: 'order.created' | 'order.updated', order: OrderDto) => act(() => socket.receive({ type, order }));

describe('the cart when an online order is paid', () => {
  it('loses what the order bought once, and keeps it when the shopper adds it again and the order is announced again', () => {
    const { pending, paid, refunded } = onlineOrder(minutesAgo(0));
    receive('order.created', pending);
    receive('order.updated', paid);
    expect(useCart.getState().items).toEqual({ milk: 1 });

    useCart.getState().itemAdded('apples');
    receive('order.updated', refunded);
    expect(useCart.getState().items).toEqual({ milk: 1, apples: 1 });
  });

  it('loses what the order bought when the tab did not hold the order and hears of the payment just made', () => {
    receive('order.updated', { ...onlineOrder(minutesAgo(0)).paid, _id: 'o2' });
    expect(useCart.getState().items).toEqual({ milk: 1 });
  });

  it('loses what the order bought when the tab read the paid order from the server before the update came', () => {
    const { paid } = onlineOrder(minutesAgo(0));
    act(() => useMyOrders.getState().orderReceived({ ...paid, _id: 'o3' }));
    receive('order.updated', { ...paid, _id: 'o3' });
    expect(useCart.getState().items).toEqual({ milk: 1 });
  });

  it('is left alone by a refund of an order the tab read already paid (after a reload, or on another device)', () => {
    const { paid, refunded } = onlineOrder(minutesAgo(1));
    act(() => useMyOrders.getState().orderReceived({ ...paid, _id: 'o4' }));
    receive('order.updated', { ...refunded, _id: 'o4' });
    expect(useCart.getState().items).toEqual({ apples: 2, milk: 1 });
  });

  it('loses what the order bought though the device’s clock runs minutes ahead of the server’s', () => {
    const { pending, paid } = onlineOrder(minutesAgo(10));
    receive('order.created', { ...pending, _id: 'o5' });
    receive('order.updated', { ...paid, _id: 'o5' });
    expect(useCart.getState().items).toEqual({ milk: 1 });
  });

  it('is left alone by an update of an order this tab does not hold, paid long ago', () => {
    receive('order.updated', onlineOrder(minutesAgo(60)).refunded);
    expect(useCart.getState().items).toEqual({ apples: 2, milk: 1 });
  });
});
