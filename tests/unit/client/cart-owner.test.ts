// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { loadSession } from '../../../client/src/app/bootstrap';
import { startCartSync } from '../../../client/src/app/cart-sync';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useCart, visitorItems } from '../../../client/src/features/cart/stores/cart-store';

const asha = (cartItems: Record<string, number>): UserDto => ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems });
const ravi = (cartItems: Record<string, number>): UserDto => ({ _id: 'u2', name: 'Ravi', email: 'ravi@example.com', phone: null, cartItems });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The browser's fetch in front of a server whose login check answers `isAuth` (null: no one signed in); records cart saves. */
function fakeServer(isAuth: () => Promise<UserDto | null>) {
  const saves: Record<string, number>[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/user/is-auth') {
      const user = await isAuth();
      return json(user ? { success: true, user } : { success: false, message: 'Not logged in', user: null });
    }
    const { cartItems } = JSON.parse(String(init.body)) as { cartItems: Record<string, number> };
    saves.push(cartItems);
    return json({ success: true, message: 'Cart updated', cartItems });
  });
  return saves;
}

/** A new visit: the page's memory starts empty and the cart comes back from localStorage alone. */
async function reload(): Promise<void> {
  const stored = localStorage.getItem('freshcart-cart');
  useCart.setState({ items: {}, owner: null, revision: 0, savedRevision: 0 });
  useSession.setState({ user: null, checked: false });
  if (stored !== null) localStorage.setItem('freshcart-cart', stored);
  await useCart.persist.rehydrate();
}

let stopSync = () => {};
beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: {}, owner: null, revision: 0, savedRevision: 0 });
  useSession.setState({ user: null, checked: false });
});
afterEach(() => {
  stopSync();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('the cart a later visit finds in this browser', () => {
  it('drops the last user’s cart when their session ended between visits, so a login does not merge it into itself', async () => {
    fakeServer(async () => asha({ apple: 2 }));
    await loadSession();
    expect(useCart.getState().items).toEqual({ apple: 2 });

    await reload();
    fakeServer(async () => null);
    await loadSession();

    expect(useSession.getState().user).toBeNull();
    expect(useCart.getState().items).toEqual({});
    expect(visitorItems(useCart.getState())).toEqual({});
  });

  it('keeps a signed-out visitor’s own cart across visits, and a login sends it to be merged', async () => {
    fakeServer(async () => null);
    await loadSession();
    act(() => useCart.getState().itemAdded('apple'));

    await reload();
    fakeServer(async () => null);
    await loadSession();

    expect(useCart.getState().items).toEqual({ apple: 1 });
    expect(visitorItems(useCart.getState())).toEqual({ apple: 1 });
  });

  it('gives another user signed in now their own server cart, not the last user’s changed during the check', async () => {
    fakeServer(async () => asha({ apple: 2 }));
    await loadSession();

    await reload();
    let answer = (_: UserDto) => {};
    const saves = fakeServer(() => new Promise((resolve) => (answer = resolve)));
    stopSync = startCartSync();
    const checking = loadSession();
    act(() => useCart.getState().itemAdded('bread'));
    await act(async () => (answer(ravi({ milk: 1 })), checking));

    expect(useCart.getState().items).toEqual({ milk: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(saves).toEqual([]);
  });

  it('sends nothing with a login from a user’s cart the page could not check (the server already holds it)', () => {
    useCart.getState().cartReplaced({ apple: 2 }, 'u1');
    expect(visitorItems(useCart.getState())).toEqual({});
  });
});

describe('a cart save answered after the session changed', () => {
  /** A signed-in Asha whose cart save is held back until the test answers it. */
  async function saveHeldBack() {
    const held = { sent: false, answer: () => {} };
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const { cartItems } = JSON.parse(String(init.body)) as { cartItems: Record<string, number> };
      await new Promise<void>((resolve) => {
        held.answer = resolve;
        held.sent = true;
      });
      return json({ success: true, message: 'Cart updated', cartItems });
    });
    useSession.setState({ user: asha({}), checked: true });
    useCart.getState().cartReplaced({}, 'u1');
    stopSync = startCartSync();
    act(() => useCart.getState().itemAdded('apple'));
    await waitFor(() => expect(held.sent).toBe(true));
    return held;
  }

  it('does not put the cart back after a logout', async () => {
    const held = await saveHeldBack();
    act(() => {
      useSession.getState().userLoggedOut();
      useCart.getState().cartCleared();
    });
    await act(async () => held.answer());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useCart.getState().items).toEqual({});
    expect(useCart.getState().owner).toBeNull();
  });

  it('does not give the last user’s cart to another account that took the page over', async () => {
    const held = await saveHeldBack();
    act(() => {
      useCart.getState().cartCleared();
      useCart.getState().cartReplaced({ milk: 1 }, 'u2');
      useSession.getState().sessionChecked(ravi({ milk: 1 }));
    });
    await act(async () => held.answer());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useCart.getState().items).toEqual({ milk: 1 });
  });

  it('still takes the answer while the same user stays signed in', async () => {
    const held = await saveHeldBack();
    await act(async () => held.answer());
    await waitFor(() => expect(useCart.getState().items).toEqual({ apple: 1 }));
    expect(useCart.getState().savedRevision).toBe(useCart.getState().revision);
  });
});
