// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { OrderActions } from '../../../client/src/features/orders/components/order-actions';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const USER = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const placed = orderFixture({ _id: 'o1' });
const cancelled = orderFixture({
  _id: 'o1',
  status: 'Cancelled',
  version: 2,
  history: [...placed.history, { from: 'Order Placed', to: 'Cancelled', isPaid: false, actor: 'user', note: null, at: new Date().toISOString() }],
});

let stopLive = () => {};
beforeEach(() => {
  ScriptedSocket.opened = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    if (!String(url).endsWith('/api/order/o1/cancel')) return json({ success: true, user: USER, products: [], total: 0, page: 1 });
    // The server's live update of the cancellation overtakes its reply.
    ScriptedSocket.opened[0]!.receive({ type: 'order.updated', order: cancelled });
    return json({ success: true, message: 'Order cancelled', order: cancelled });
  });
  useSession.setState({ user: USER, checked: true });
  useMyOrders.setState(useMyOrders.getInitialState(), true);
  useMyOrders.getState().orderReceived(placed);
  useToasts.setState({ toasts: [] });
  stopLive = startLiveUpdates();
  act(() => ScriptedSocket.opened[0]!.hello({ role: 'user' }));
});
afterEach(() => {
  cleanup();
  stopLive();
  vi.unstubAllGlobals();
});

describe('the shopper cancelling an order in this tab', () => {
  it('reads of it once, even when the live update comes before the reply', async () => {
    render(createElement(MemoryRouter, null, createElement(OrderActions, { order: placed })));
    fireEvent.click(screen.getByTestId('order-cancel'));
    fireEvent.click(screen.getByTestId('order-cancel-confirm'));
    await waitFor(() => expect(useMyOrders.getState().orders[0]!.status).toBe('Cancelled'));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message)).toContain('Order cancelled'));
    const aboutTheOrder = useToasts.getState().toasts.filter((t) => /cancelled/i.test(t.message));
    expect(aboutTheOrder.map((t) => t.message)).toEqual(['Order cancelled']);
  });
});
