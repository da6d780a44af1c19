import { toast } from '../components/ui/toast/toast-store';
import { errorMessage } from '../lib/api-client';
import { useSession } from '../features/auth/stores/session-store';
import { updateCart } from '../features/cart/api/update-cart';
import { followOtherTabs, hasUnsavedChanges, useCart, type CartItems } from '../features/cart/stores/cart-store';
import { useProducts } from '../features/products/stores/products-store';

/**
 * When a user is logged in, every cart change is sent to the server. One request at a time; changes
 * made meanwhile are sent right after, as the latest whole cart. The server's answer replaces ours only when nothing
 * changed while it was on its way, and only for the session it was sent in: one that lands after a logout, or after
 * another account took the page over, is the last user's cart (clearing the cart changes no revision).
 *
 * The rule for saves that fail: the cart stays unsaved until a save of it succeeds, and an unsaved cart is sent again
 * (whole, so one success catches up on everything) on the next change, when the browser comes back online, and when
 * the user becomes known (changes made before the login check answered, which loadSession keeps for this).
 *
 * A cart taken from another tab is that tab's to save: this tab sends none of it, and the answer to a save this tab
 * sent before it does not put the older cart back.
 */
export function startCartSync(): () => void {
  let inFlight = false;
  let pending = false;

  async function flush(): Promise<void> {
    if (inFlight) {
      pending = true;
      return;
    }
    const sentFor = useSession.getState().user;
    if (!sentFor) return;
    inFlight = true;
    const { revision: sent, items } = useCart.getState();
    try {
      const reply = await updateCart(items);
      // The same user object, not only the same id: a logout and a login again as the same user take the login's
      // merged cart, which is newer than this reply.
      const sameSession = useSession.getState().user === sentFor;
      if (sameSession && useCart.getState().revision === sent) {
        reportStockCaps(items, reply.cartItems);
        useCart.getState().cartReplaced(reply.cartItems, sentFor._id);
      }
    } catch (error) {
      toast.error(errorMessage(error), { id: 'cart-sync-failed' });
    } finally {
      inFlight = false;
      if (pending) {
        pending = false;
        saveIfUnsaved();
      }
    }
  }

  function saveIfUnsaved(): void {
    if (hasUnsavedChanges(useCart.getState())) void flush();
  }

  // Started with the sync, once for the page: the sync sends this tab's whole cart, which must not be older than the
  // one another tab stored.
  const stopFollowing = followOtherTabs();
  const stopChanges = useCart.subscribe((state, previous) => {
    if (state.revision !== previous.revision) saveIfUnsaved();
  });
  const stopSession = useSession.subscribe((state, previous) => {
    if (state.user && !previous.user) saveIfUnsaved();
  });
  window.addEventListener('online', saveIfUnsaved);
  return () => {
    stopFollowing();
    stopChanges();
    stopSession();
    window.removeEventListener('online', saveIfUnsaved);
  };
}

/**
 * The server keeps no more of a product than its counted stock (a line above it is cut down, and at a login a visitor's
 * line of a product with none left is dropped), so the cart it answers with can hold fewer units than the shopper
 * chose. Before that cart replaces `had`, one toast says so: naming the product when one line was cut.
 */
export function reportStockCaps(had: CartItems, kept: CartItems): void {
  const cut = Object.keys(had).filter((id) => (kept[id] ?? 0) < (had[id] ?? 0));
  if (cut.length === 0) return;
  const product = cut.length === 1 ? useProducts.getState().products.find((p) => p._id === cut[0]) : undefined;
  let message = 'Some items are not available in the quantity you chose; your cart has been updated';
  if (product) {
    const left = kept[product._id] ?? 0;
    message =
      left === 0
        ? `${product.name} is not available now; your cart has been updated`
        : `Only ${left} of ${product.name} ${left === 1 ? 'is' : 'are'} left; your cart has been updated`;
  }
  toast(message, { id: 'cart-stock-capped' });
}
