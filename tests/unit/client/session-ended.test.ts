// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { SellerSelfDto, UserDto } from '../../../core/contracts/http/account-replies';
import { WS_CLOSE } from '../../../core/contracts/ws';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { recheckSessions } from '../../../client/src/app/session-check';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useCart } from '../../../client/src/features/cart/stores/cart-store';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';
import { api, ApiError, whenSessionRefused } from '../../../client/src/lib/api-client';
import { orderFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const asha: UserDto = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: { apple: 2 } };
const store: SellerSelfDto = { id: 's1', name: 'Ravi', storeName: 'Ravi Fresh', status: 'approved', statusReason: null, isOperator: false };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the server says of this browser's sessions now. */
let shopperSignedIn: boolean;
let shopperNow: UserDto;
let storeSignedIn: boolean;
let asked: string[];
beforeEach(() => {
  shopperSignedIn = true;
  shopperNow = asha;
  storeSignedIn = true;
  asked = [];
  ScriptedSocket.opened = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url === '/api/user/is-auth') return json(shopperSignedIn ? { success: true, user: shopperNow } : { success: false, message: 'Not logged in', user: null });
    if (url === '/api/seller/is-auth') return json(storeSignedIn ? { success: true, seller: store } : { success: false, message: 'Not logged in' });
    if (url === '/api/order/user') return json({ success: false, code: 'unauthorized', message: 'Please login' }, 401);
    return json({ success: true, products: [] });
  });
  useSession.setState({ user: asha, checked: true });
  useCart.getState().cartReplaced(asha.cartItems, asha._id);
  useMyOrders.setState({ orders: [], status: 'ready' });
  useSellerSession.setState({ status: 'seller', seller: store, signIns: 1 });
  useToasts.setState({ toasts: [] });
  whenSessionRefused(() => void recheckSessions());
});
afterEach(() => {
  vi.unstubAllGlobals();
  whenSessionRefused(() => {});
});

const toastTexts = () => useToasts.getState().toasts.map((t) => t.message);

describe('a session that ended elsewhere', () => {
  it('signs the shopper out of the page when a call answers 401 and the server no longer knows them', async () => {
    shopperSignedIn = false;
    await expect(api.get('/api/order/user', z.unknown())).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(useCart.getState().items).toEqual({});
    expect(useMyOrders.getState().status).toBe('idle');
    expect(toastTexts()).toContain('Your session has ended. Please login again.');
    // The store's session is still good: it stays.
    expect(useSellerSession.getState().seller).toEqual(store);
  });

  it('keeps a shopper the server still knows (the 401 was about something else) and asks once for many 401s', async () => {
    await Promise.allSettled([1, 2, 3].map(() => api.get('/api/order/user', z.unknown())));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useSession.getState().user).toEqual(asha);
    expect(asked.filter((url) => url === '/api/user/is-auth')).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
  });

  it('signs the store out when its session is gone, and its socket is opened again for the new audience', async () => {
    storeSignedIn = false;
    const stop = startLiveUpdates();
    act(() => ScriptedSocket.opened[0]!.hello({ role: 'seller' }));
    act(() => ScriptedSocket.opened[0]!.closedByServer(WS_CLOSE.Unauthorized));
    await waitFor(() => expect(useSellerSession.getState().status).toBe('guest'));
    expect(useSellerSession.getState().signIns).toBe(2);
    expect(toastTexts()).toContain('Your seller session has ended. Please login again.');
    expect(useSession.getState().user).toEqual(asha);
    stop();
  });

  it('leaves a sign-in made in this tab while the check was out', async () => {
    shopperSignedIn = false;
    const check = recheckSessions();
    const again: UserDto = { ...asha, cartItems: {} };
    useSession.getState().userLoggedIn(again);
    await check;
    expect(useSession.getState().user).toBe(again);
  });

  it('asks nothing after a socket closed for another reason', async () => {
    const stop = startLiveUpdates();
    act(() => ScriptedSocket.opened[0]!.hello({ role: 'user' }));
    asked = [];
    act(() => ScriptedSocket.opened[0]!.closedByServer(1006));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked.filter((url) => url.endsWith('/is-auth'))).toEqual([]);
    stop();
  });

  it('hands the page to another account signed in on this browser meanwhile, without the last one’s data', async () => {
    const ravi: UserDto = { _id: 'u2', name: 'Ravi', email: 'ravi@example.com', phone: null, cartItems: { milk: 1 } };
    shopperNow = ravi;
    useMyOrders.setState({ orders: [orderFixture({ _id: 'asha-order' })], status: 'ready' });
    await recheckSessions();
    expect(useSession.getState().user).toEqual(ravi);
    expect(useCart.getState().items).toEqual({ milk: 1 });
    expect(useMyOrders.getState().orders).toEqual([]);
    expect(toastTexts()).toEqual(['Signed in as Ravi in another tab.']);
  });
});
