// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { hasUnsavedChanges, useCart } from '../../../client/src/features/cart/stores/cart-store';
import { ScriptedSocket } from './scripted-socket';

const user = (cartItems: Record<string, number>): UserDto => ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server's cart: what is-auth answers while the socket was down (an online payment dropped the lines it bought). */
let serverCart: Record<string, number>;
let isAuthCalls: number;
let stopLive = () => {};
beforeEach(() => {
  ScriptedSocket.opened = [];
  serverCart = {};
  isAuthCalls = 0;
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/user/is-auth') {
      isAuthCalls += 1;
      return json({ success: true, user: user(serverCart) });
    }
    return json({ success: true, products: [], total: 0, page: 1 });
  });
  useCart.setState({ items: {}, revision: 0, savedRevision: 0 });
  useSession.setState({ user: user({}), checked: true });
});
afterEach(() => {
  stopLive();
  vi.unstubAllGlobals();
});

describe('a live reconnect refetches the signed-in shopper’s cart', () => {
  it('takes the server’s cart, so lines paid for while offline leave the cart', async () => {
    useCart.getState().cartReplaced({ paid: 2, kept: 1 }, 'u1');
    serverCart = { kept: 1 };
    stopLive = startLiveUpdates();
    act(() => ScriptedSocket.opened[0]!.hello({ role: 'user' }));
    await waitFor(() => expect(useCart.getState().items).toEqual({ kept: 1 }));
    expect(hasUnsavedChanges(useCart.getState())).toBe(false);
  });

  it('keeps a cart with changes not saved yet: they are newer than the server’s copy', async () => {
    useCart.getState().cartReplaced({ paid: 2 }, 'u1');
    useCart.getState().itemAdded('new');
    serverCart = {};
    stopLive = startLiveUpdates();
    act(() => ScriptedSocket.opened[0]!.hello({ role: 'user' }));
    await waitFor(() => expect(isAuthCalls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useCart.getState().items).toEqual({ paid: 2, new: 1 });
  });

  it('asks nothing for a visitor', async () => {
    useSession.setState({ user: null, checked: true });
    useCart.setState({ items: { p1: 1 } });
    stopLive = startLiveUpdates();
    act(() => ScriptedSocket.opened[0]!.hello({ role: 'user' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isAuthCalls).toBe(0);
    expect(useCart.getState().items).toEqual({ p1: 1 });
  });
});
