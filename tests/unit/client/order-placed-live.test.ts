// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { OrderPlacedRoute } from '../../../client/src/app/routes/order-placed';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { RESYNC_SPREAD_MS } from '../../../client/src/lib/live-socket';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const user: UserDto = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} };

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A cash-on-delivery order as the checkout hands it over (placed, v1). */
const placed = orderFixture({ _id: 'x', orderId: 'OD-X' });

/** What the server says of the shopper's orders; `orderReads` counts how often it was asked. */
let serverOrders: ReturnType<typeof orderFixture>[];
let orderReads: number;
let stopLive = () => {};

beforeEach(() => {
  // The socket's retries and the resync's spread run on the test's clock; promises and React's own work do not.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  ScriptedSocket.opened = [];
  serverOrders = [placed];
  orderReads = 0;
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/order/user') {
      orderReads += 1;
      return json({ success: true, orders: serverOrders });
    }
    if (url === '/api/user/is-auth') return json({ success: true, user });
    return json({ success: true, products: [], total: 0, page: 1, limit: null });
  });
  useSession.setState({ user, checked: true });
  useMyOrders.setState({ orders: [], status: 'idle', arrived: {} });
});
afterEach(() => {
  cleanup();
  stopLive();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Lets the clock run `ms` and what it set off (reads, renders) settle. */
async function elapse(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The socket is up, then the checkout lands on /order-placed with the order it placed. */
async function confirmationShown(): Promise<ScriptedSocket> {
  stopLive = startLiveUpdates();
  const socket = ScriptedSocket.opened[0]!;
  // A slow heartbeat: no pings go unanswered while the test's clock runs.
  act(() => socket.hello({ role: 'user', pingEveryMs: 60_000 }));
  await elapse(10);
  const router = createMemoryRouter([{ path: '/order-placed', element: createElement(OrderPlacedRoute) }], {
    initialEntries: [{ pathname: '/order-placed', state: { order: placed } }],
  });
  render(createElement(RouterProvider, { router }));
  await elapse(10);
  return socket;
}

/** Meanwhile the store sent the order on its way, promised within the next 10 minutes. */
function sentOnItsWay(): void {
  const promisedAt = new Date(Date.now() + 9 * 60_000).toISOString();
  serverOrders = [orderFixture({ ...placed, status: 'On The Way', version: 2, promisedAt })];
}

describe('/order-placed, opened with the order the checkout placed', () => {
  it('shows the order as handed over without reading it again', async () => {
    await confirmationShown();
    expect(screen.getByTestId('placed-order-id').textContent).toBe('OD-X');
    expect(orderReads).toBe(0);
  });

  it('reads the order again after a reconnect, and shows a change missed while the socket was away', async () => {
    const socket = await confirmationShown();
    expect(screen.queryByTestId('order-eta')).toBeNull();
    socket.closedByServer(1006);
    sentOnItsWay();
    await elapse(1_000);
    act(() => ScriptedSocket.opened[1]!.hello({ role: 'user', pingEveryMs: 60_000 }));
    await elapse(10);
    expect(orderReads).toBe(1);
    expect(screen.getByTestId('order-eta').textContent).toMatch(/^Arriving in \d+ min/);
  });

  it('reads the order again after the server’s resync, and shows a change it may have missed', async () => {
    const socket = await confirmationShown();
    sentOnItsWay();
    act(() => socket.receive({ type: 'resync' }));
    await elapse(RESYNC_SPREAD_MS);
    expect(orderReads).toBe(1);
    expect(screen.getByTestId('order-eta').textContent).toMatch(/^Arriving in \d+ min/);
  });
});
