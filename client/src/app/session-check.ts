import { toast } from '../components/ui/toast/toast-store';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { useSession } from '../features/auth/stores/session-store';
import { useAddresses } from '../features/addresses/stores/address-store';
import { useCart } from '../features/cart/stores/cart-store';
import { useMyOrders } from '../features/orders/stores/my-orders-store';
import { isSeller } from '../features/seller/api/seller-session';
import { useSellerOrders } from '../features/seller/stores/seller-orders-store';
import { useSellerSession } from '../features/seller/stores/seller-session-store';

let inFlight: Promise<void> | null = null;

/**
 * A call answered 401, or the server closed the live socket because a session ended (a logout on another device, an
 * operator's suspension, expiry): ask the server who this tab still is, and sign out of whichever session is gone, as
 * a logout would, so the page stops showing an account every call now refuses. Another account signed in on this
 * browser (in another tab) takes the page over instead: its calls already run as that account. Calls that come while
 * a check is out share it. A sign-in made in this tab meanwhile is newer than the answer and is kept.
 */
export function recheckSessions(): Promise<void> {
  inFlight ??= Promise.all([recheckShopper(), recheckStore()])
    .then(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

async function recheckShopper(): Promise<void> {
  const asked = useSession.getState().user;
  if (!asked) return;
  const user = await getCurrentUser().catch(() => asked);
  if (useSession.getState().user !== asked || user?._id === asked._id) return;
  useCart.getState().cartCleared();
  useAddresses.getState().addressesCleared();
  useMyOrders.getState().ordersCleared();
  if (user) {
    useCart.getState().cartReplaced(user.cartItems, user._id);
    useSession.getState().sessionChecked(user);
    toast(`Signed in as ${user.name} in another tab.`, { id: 'session-ended' });
    return;
  }
  useSession.getState().userLoggedOut();
  toast.error('Your session has ended. Please login again.', { id: 'session-ended' });
}

/** The store's part of the check, also made after every live (re)connect: a store still signed in takes its standing. */
export async function recheckStore(): Promise<void> {
  const asked = useSellerSession.getState().seller;
  if (!asked) return;
  const seller = await isSeller().catch(() => asked);
  if (useSellerSession.getState().seller !== asked) return;
  if (seller?.id === asked.id) {
    if (seller !== asked) useSellerSession.getState().sellerChecked(seller);
    return;
  }
  useSellerOrders.getState().allSeen();
  if (seller) {
    useSellerSession.getState().sellerLoggedIn(seller);
    toast(`Signed in as ${seller.storeName} in another tab.`, { id: 'seller-session-ended' });
    return;
  }
  useSellerSession.getState().sellerLoggedOut();
  toast.error('Your seller session has ended. Please login again.', { id: 'seller-session-ended' });
}
