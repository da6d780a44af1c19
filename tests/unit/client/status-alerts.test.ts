// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let stopLive = () => {};
beforeEach(() => {
  ScriptedSocket.opened = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async () => json({ success: true, user: { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} }, products: [], total: 0, page: 1 }));
  useSession.setState({ user: { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} }, checked: true });
  useMyOrders.setState(useMyOrders.getInitialState(), true);
  useToasts.setState({ toasts: [] });
  stopLive = startLiveUpdates();
  act(() => ScriptedSocket.opened[0]!.hello({ role: 'user' }));
});
afterEach(() => {
  stopLive();
  vi.unstubAllGlobals();
});

/** The status alerts shown (the page's other toasts, e.g. of its own loads, aside). */
const alerts = () => useToasts.getState().toasts.filter((t) => t.id.startsWith('order-status-')).map((t) => t.message);
const receive = (order: ReturnType<typeof orderFixture>) => act(() => ScriptedSocket.opened[0]!.receive({ type: 'order.updated', order }));

describe('status alerts for orders the tab does not hold (My Orders not opened)', () => {
  it('tells the shopper of a status move just made', () => {
    receive(orderFixture({
      _id: 'o1',
      status: 'On The Way',
      version: 2,
      history: [
        { from: null, to: 'Order Placed', isPaid: false, actor: 'user', note: null, at: minutesAgo(30) },
        { from: 'Order Placed', to: 'On The Way', isPaid: false, actor: 'seller', note: null, at: minutesAgo(0) },
      ],
    }));
    expect(alerts()).toEqual(['Order OD-o1 is on the way']);
  });

  it('says nothing of an update that did not move the status: a delivered order marked paid, a refund of a cancelled one', () => {
    receive(orderFixture({
      _id: 'o2',
      status: 'Delivered',
      isPaid: true,
      version: 4,
      history: [
        { from: 'On The Way', to: 'Delivered', isPaid: false, actor: 'seller', note: null, at: minutesAgo(60) },
        { from: 'Delivered', to: 'Delivered', isPaid: true, actor: 'seller', note: null, at: minutesAgo(0) },
      ],
    }));
    receive(orderFixture({
      _id: 'o3',
      status: 'Cancelled',
      version: 3,
      history: [{ from: 'Order Placed', to: 'Cancelled', isPaid: false, actor: 'user', note: null, at: minutesAgo(90) }],
    }));
    expect(alerts()).toEqual([]);
  });
});
