// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { loadSession } from '../../../client/src/app/bootstrap';
import { startCartSync } from '../../../client/src/app/cart-sync';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { hasUnsavedChanges, useCart } from '../../../client/src/features/cart/stores/cart-store';

const user = (cartItems: Record<string, number>): UserDto => ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The browser's fetch in front of a server that stores the cart it is sent; `reachable` false is a lost connection.
 * `isAuth` answers the login check (a promise, so a test can hold it back).
 */
function fakeServer(isAuth: () => Promise<UserDto> = async () => user({})) {
  const server = { reachable: true, saves: [] as Record<string, number>[] };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (!server.reachable) throw new TypeError('Failed to fetch');
    if (url === '/api/user/is-auth') return json({ success: true, user: await isAuth() });
    const { cartItems } = JSON.parse(String(init.body)) as { cartItems: Record<string, number> };
    server.saves.push(cartItems);
    return json({ success: true, message: 'Cart updated', cartItems });
  });
  return server;
}

let stopSync = () => {};
beforeEach(() => {
  useCart.setState({ items: {}, revision: 0, savedRevision: 0 });
  useSession.setState({ user: null, checked: false });
});
afterEach(() => {
  stopSync();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('the cart sync', () => {
  it('sends a cart whose save failed again when the browser comes back online', async () => {
    useSession.setState({ user: user({}), checked: true });
    const server = fakeServer();
    stopSync = startCartSync();

    server.reachable = false;
    act(() => useCart.getState().itemAdded('p1'));
    await waitFor(() => expect(useToasts.getState().toasts).toHaveLength(1));
    expect(hasUnsavedChanges(useCart.getState())).toBe(true);

    server.reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(server.saves).toEqual([{ p1: 1 }]));
    await waitFor(() => expect(hasUnsavedChanges(useCart.getState())).toBe(false));
  });

  it('sends nothing when the browser comes back online with every change saved', async () => {
    useSession.setState({ user: user({}), checked: true });
    const server = fakeServer();
    stopSync = startCartSync();
    act(() => useCart.getState().itemAdded('p1'));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.saves).toHaveLength(1);
  });

  it('keeps and saves changes made before the login check answered, rather than the server’s older cart', async () => {
    useCart.setState({ items: { p1: 1 } });
    let answer = (_: UserDto) => {};
    const server = fakeServer(() => new Promise((resolve) => (answer = resolve)));
    stopSync = startCartSync();

    const checking = loadSession();
    act(() => useCart.getState().itemAdded('p2'));
    await act(async () => (answer(user({ old: 5 })), checking));

    expect(useCart.getState().items).toEqual({ p1: 1, p2: 1 });
    await waitFor(() => expect(server.saves).toEqual([{ p1: 1, p2: 1 }]));
  });

  it('takes the server’s cart at load when nothing changed meanwhile, and sends nothing back', async () => {
    useCart.setState({ items: { p1: 1 } });
    const server = fakeServer(async () => user({ p1: 1, p3: 2 }));
    stopSync = startCartSync();

    await act(() => loadSession());
    expect(useCart.getState().items).toEqual({ p1: 1, p3: 2 });
    expect(useSession.getState().user?._id).toBe('u1');
    expect(server.saves).toEqual([]);
  });
});
