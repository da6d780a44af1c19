import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type CartItems = Record<string, number>;

type CartState = {
  /** Product id → positive integer quantity. */
  items: CartItems;
  /**
   * Whose cart this is: the signed-in user's id, or null for a signed-out visitor's own cart. Stored with the items, so
   * a later page that finds no one signed in (or someone else) does not take the last user's cart for its own: on a
   * shared device the next person would see it, and sent with a login it would be merged into the server's copy of
   * itself, doubling every line.
   */
  owner: string | null;
  /**
   * Bumped by every change the shopper makes, never by a server reply: the sync sends only these. A cart taken from
   * another tab bumps it too (a sync reply sent before it is older than it) but comes saved: that tab sends it.
   */
  revision: number;
  /** The revision the server's cart last caught up with; a higher `revision` holds changes not saved yet. */
  savedRevision: number;
  itemAdded: (productId: string) => void;
  itemDecremented: (productId: string) => void;
  quantitySet: (productId: string, quantity: number) => void;
  itemRemoved: (productId: string) => void;
  /** The server's cart of user `owner` (login merge, is-auth, sync reply) replaces ours without counting as a change; nothing is left unsaved. */
  cartReplaced: (items: CartItems, owner: string) => void;
  /**
   * After a cash-on-delivery order is placed, what it ordered leaves the cart (a counted change, so the server's copy,
   * which the checkout emptied, gets what is left). Changes made while the order was on its way stay: a line raised
   * meanwhile keeps the units above what was ordered, a line added meanwhile stays whole.
   */
  orderPlaced: (ordered: readonly { product: string; quantity: number }[]) => void;
  /** An online order was paid: the server already dropped the lines it bought from its cart, so this is no change to sync. */
  linesBought: (productIds: string[]) => void;
  /** Logout (or a user's cart found with no one signed in): the cart leaves with the session; nothing to sync. */
  cartCleared: () => void;
};

const STORAGE_KEY = 'freshcart-cart';

function clean(items: unknown): CartItems {
  const out: CartItems = {};
  if (typeof items !== 'object' || items === null) return out;
  for (const [id, qty] of Object.entries(items)) {
    if (typeof qty === 'number' && Number.isInteger(qty) && qty > 0) out[id] = qty;
  }
  return out;
}

/** The stored cart read back: anything that is not a cart line or a user id is dropped. */
function fromStorage(persisted: unknown): Pick<CartState, 'items' | 'owner'> {
  const stored: { items?: unknown; owner?: unknown } = typeof persisted === 'object' && persisted !== null ? persisted : {};
  return { items: clean(stored.items), owner: typeof stored.owner === 'string' ? stored.owner : null };
}

/** A visitor's cart lives in localStorage; once logged in the server's copy is the truth. */
export const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: {},
      owner: null,
      revision: 0,
      savedRevision: 0,
      itemAdded: (id) => set((s) => ({ items: { ...s.items, [id]: (s.items[id] ?? 0) + 1 }, revision: s.revision + 1 })),
      itemDecremented: (id) =>
        set((s) => {
          const current = s.items[id];
          if (current === undefined) return s;
          const items = { ...s.items };
          if (current <= 1) delete items[id];
          else items[id] = current - 1;
          return { items, revision: s.revision + 1 };
        }),
      quantitySet: (id, quantity) =>
        set((s) => ({ items: { ...s.items, [id]: Math.max(1, Math.floor(quantity)) }, revision: s.revision + 1 })),
      itemRemoved: (id) =>
        set((s) => {
          if (!(id in s.items)) return s;
          const items = { ...s.items };
          delete items[id];
          return { items, revision: s.revision + 1 };
        }),
      cartReplaced: (items, owner) => set((s) => ({ items: clean(items), owner, savedRevision: s.revision })),
      orderPlaced: (ordered) =>
        set((s) => {
          const items = { ...s.items };
          for (const { product, quantity } of ordered) {
            const left = (items[product] ?? 0) - quantity;
            if (left > 0) items[product] = left;
            else delete items[product];
          }
          return { items, revision: s.revision + 1 };
        }),
      linesBought: (productIds) =>
        set((s) => {
          const items = { ...s.items };
          for (const id of productIds) delete items[id];
          return { items };
        }),
      cartCleared: () => set((s) => ({ items: {}, owner: null, savedRevision: s.revision })),
    }),
    {
      name: STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ items: s.items, owner: s.owner }),
      // What is read back holds no change of this page's own to save: at load the session check decides about it,
      // and a cart another tab stored is saved by that tab (see `revision`).
      merge: (persisted, current) => {
        const revision = current.revision + 1;
        return { ...current, ...fromStorage(persisted), revision, savedRevision: revision };
      },
    },
  ),
);

/**
 * Another tab of this browser stored the cart (the `storage` event reaches every tab but the one that wrote it): this
 * tab takes that copy, so that its next change builds on it instead of writing its own older copy over it. Only a
 * cart of this tab's owner is taken: a different owner means someone signed in or out over there, and that cart is
 * not this page's to show or to send (see `owner`). Returns the stop.
 */
export function followOtherTabs(): () => void {
  function cartStored(event: StorageEvent): void {
    if (event.key !== STORAGE_KEY || event.newValue === null) return;
    if (storedOwner(event.newValue) !== useCart.getState().owner) return;
    void useCart.persist.rehydrate();
  }
  window.addEventListener('storage', cartStored);
  return () => window.removeEventListener('storage', cartStored);
}

/** The owner of a stored cart; undefined for text this app did not write. */
function storedOwner(text: string): string | null | undefined {
  try {
    return fromStorage((JSON.parse(text) as { state?: unknown } | null)?.state).owner;
  } catch {
    return undefined;
  }
}

/** Changes the server has not confirmed: a failed save, or made before the login check answered (or as a visitor). */
export function hasUnsavedChanges(s: Pick<CartState, 'revision' | 'savedRevision'>): boolean {
  return s.revision !== s.savedRevision;
}

/**
 * Whether the cart was left by a user other than `userId` (null: no one is signed in). Such a cart is not the page's to
 * show or to merge: the server holds that user's copy of it.
 */
export function belongsToAnother(s: Pick<CartState, 'owner'>, userId: string | null): boolean {
  return s.owner !== null && s.owner !== userId;
}

/** What a login or sign-up sends to be merged: a signed-out visitor's own cart only. */
export function visitorItems(s: Pick<CartState, 'items' | 'owner'>): CartItems {
  return s.owner === null ? s.items : {};
}

export function cartCount(items: CartItems): number {
  return Object.values(items).reduce((sum, qty) => sum + qty, 0);
}
