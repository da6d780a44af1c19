// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { startCartSync } from '../../../client/src/app/cart-sync';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { type CartItems, hasUnsavedChanges, useCart } from '../../../client/src/features/cart/stores/cart-store';

const asha: UserDto = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} };

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Another tab of this browser changes the cart: the browser stores its copy and tells every other tab. */
function otherTabStores(items: CartItems, owner: string | null): void {
  const newValue = JSON.stringify({ state: { items, owner }, version: 0 });
  localStorage.setItem('freshcart-cart', newValue);
  window.dispatchEvent(new StorageEvent('storage', { key: 'freshcart-cart', newValue, storageArea: localStorage }));
}

/** What this tab's memory has written to the browser's storage. */
function stored(): CartItems {
  return (JSON.parse(localStorage.getItem('freshcart-cart') ?? '{}') as { state: { items: CartItems } }).state.items;
}

/**
 * The server's cart saves, each answered when `answer` is called (at once unless `holdSaves` is set); `reachable`
 * false is a lost connection.
 */
function fakeServer() {
  const server = { reachable: true, saves: [] as CartItems[], holdSaves: false, answer: () => {} };
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (!server.reachable) throw new TypeError('Failed to fetch');
    const { cartItems } = JSON.parse(String(init.body)) as { cartItems: CartItems };
    server.saves.push(cartItems);
    if (server.holdSaves) await new Promise<void>((resolve) => (server.answer = resolve));
    return json({ success: true, message: 'Cart updated', cartItems });
  });
  return server;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

let stopSync = () => {};
beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: {}, owner: null, revision: 0, savedRevision: 0 });
  useSession.setState({ user: null, checked: true });
});
afterEach(() => {
  stopSync();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('a cart another tab of this browser stored', () => {
  it('is taken, so this tab’s next change keeps the other tab’s instead of writing over it', () => {
    stopSync = startCartSync();
    otherTabStores({ apple: 1 }, null);
    expect(useCart.getState().items).toEqual({ apple: 1 });

    useCart.getState().itemAdded('bread');
    expect(stored()).toEqual({ apple: 1, bread: 1 });
  });

  it('is left to that tab to save, with this tab’s unsaved change in it: this tab sends only its own next change', async () => {
    const server = fakeServer();
    useSession.setState({ user: asha, checked: true });
    useCart.getState().cartReplaced({}, 'u1');
    stopSync = startCartSync();
    server.reachable = false;
    useCart.getState().itemAdded('bread');
    await waitFor(() => expect(useToasts.getState().toasts).toHaveLength(1));

    // The other tab took this tab's bread before adding its apple.
    otherTabStores({ bread: 1, apple: 1 }, 'u1');
    expect(hasUnsavedChanges(useCart.getState())).toBe(false);
    server.reachable = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.saves).toEqual([]);

    useCart.getState().itemAdded('milk');
    await waitFor(() => expect(server.saves).toEqual([{ bread: 1, apple: 1, milk: 1 }]));
  });

  it('is not put back by the answer to a save this tab sent before it, nor sent after it', async () => {
    const server = fakeServer();
    server.holdSaves = true;
    useSession.setState({ user: asha, checked: true });
    useCart.getState().cartReplaced({}, 'u1');
    stopSync = startCartSync();
    useCart.getState().itemAdded('bread');
    await waitFor(() => expect(server.saves).toHaveLength(1));
    // Waits for the save on its way; the other tab takes it and sends it with its own change.
    useCart.getState().itemAdded('milk');

    otherTabStores({ bread: 1, milk: 1, apple: 1 }, 'u1');
    server.answer();
    await settle();
    expect(useCart.getState().items).toEqual({ bread: 1, milk: 1, apple: 1 });
    expect(server.saves).toEqual([{ bread: 1 }]);
  });

  it.each([
    { case: 'another user’s', mine: 'u1', theirs: 'u2' },
    { case: 'a visitor’s, while this tab holds a user’s', mine: 'u1', theirs: null },
    { case: 'a user’s, while this tab holds a visitor’s', mine: null, theirs: 'u1' },
  ])('is not taken when it is $case', ({ mine, theirs }) => {
    useCart.setState({ items: { milk: 1 }, owner: mine });
    stopSync = startCartSync();
    otherTabStores({ apple: 1 }, theirs);
    expect(useCart.getState().items).toEqual({ milk: 1 });
    expect(useCart.getState().owner).toBe(mine);
  });
});
