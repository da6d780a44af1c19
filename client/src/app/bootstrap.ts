import type { UserDto } from '@core/contracts/http/account-replies';
import { toast } from '../components/ui/toast/toast-store';
import { errorMessage } from '../lib/api-client';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { useSession } from '../features/auth/stores/session-store';
import { belongsToAnother, hasUnsavedChanges, useCart } from '../features/cart/stores/cart-store';
import { getProducts } from '../features/products/api/get-products';
import { useProducts } from '../features/products/stores/products-store';
import { getStoreInfo } from '../features/store/api/get-store-info';
import { useStoreInfo } from '../features/store/stores/store-info-store';

/** After a check that got no answer, the wait before asking again; it doubles with each further miss, up to the cap. */
const SESSION_RETRY_MS = 2_000;
const SESSION_RETRY_CAP_MS = 60_000;

/** The check on its way and the one waiting after a miss: one of each at most, so asking now never starts a second loop. */
let sessionInFlight: Promise<void> | null = null;
let sessionRetry: ReturnType<typeof setTimeout> | undefined;

/**
 * On load the app asks whether the visitor is a logged-in user; their server cart wins, unless the shopper changed the
 * cart while the check was on its way. Those changes are newer than the server's copy: they stay, and the cart sync
 * saves them as soon as the user is known.
 *
 * A cart stored by another user (or by any user, now that no one is signed in: their session ended between visits) is
 * not this visitor's, changes or not: it goes, and a signed-in user gets their server cart.
 *
 * Only an answer counts. A check that got none (offline, a 5xx) leaves the visitor unknown, so pages that need a user
 * keep waiting rather than showing a signed-in shopper as signed out, and it is made again later; meanwhile those pages
 * say it failed and offer to ask now. An answer that arrives after a login or logout in this tab is older than that and
 * is dropped.
 */
export function loadSession(): Promise<void> {
  return askSession(SESSION_RETRY_MS);
}

/**
 * Retry on a page waiting for the check: asks now rather than at the next retry (or joins the check on its way), and the
 * page waits again meanwhile. The backoff starts over: someone is there, waiting.
 */
export function checkSessionNow(): void {
  useSession.getState().sessionCheckRetried();
  void askSession(SESSION_RETRY_MS);
}

function askSession(retryIn: number): Promise<void> {
  clearTimeout(sessionRetry);
  sessionInFlight ??= checkSession(retryIn).finally(() => {
    sessionInFlight = null;
  });
  return sessionInFlight;
}

async function checkSession(retryIn: number): Promise<void> {
  let user: UserDto | null;
  try {
    user = await getCurrentUser();
  } catch {
    if (useSession.getState().checked) return;
    useSession.getState().sessionCheckFailed();
    sessionRetry = setTimeout(() => {
      if (!useSession.getState().checked) void askSession(Math.min(retryIn * 2, SESSION_RETRY_CAP_MS));
    }, retryIn);
    return;
  }
  // Set by the first answer, and by any login or logout made meanwhile.
  if (useSession.getState().checked) return;
  const cart = useCart.getState();
  if (user && (!hasUnsavedChanges(cart) || belongsToAnother(cart, user._id))) cart.cartReplaced(user.cartItems, user._id);
  if (!user && belongsToAnother(cart, null)) cart.cartCleared();
  useSession.getState().sessionChecked(user);
}

/**
 * After a live (re)connect: the server's cart may have changed while the socket was down (an online payment confirmed
 * meanwhile drops the lines it bought, and its `order.updated` was missed). Same rule as at load: the server's cart
 * wins unless the shopper has changes it has not saved, or made one while this was on its way.
 */
export async function refreshCart(): Promise<void> {
  const signedIn = useSession.getState().user;
  if (!signedIn) return;
  const revision = useCart.getState().revision;
  try {
    const user = await getCurrentUser();
    const cart = useCart.getState();
    // A different answer (logged out or in meanwhile) is the session's business, not this refresh's.
    if (!user || user._id !== signedIn._id || useSession.getState().user?._id !== user._id) return;
    if (cart.revision === revision && !hasUnsavedChanges(cart)) cart.cartReplaced(user.cartItems, user._id);
  } catch {
    // The cart stays as it is; the next reconnect tries again.
  }
}

/** Whether the store takes test payments (the banner). A failure leaves the banner off until the next load. */
export async function loadStoreInfo(): Promise<void> {
  try {
    useStoreInfo.getState().storeInfoLoaded(await getStoreInfo());
  } catch {
    // Other calls report an unreachable server; this one is not worth a second message.
  }
}

let productsInFlight = false;
let productsAgain = false;

/** The product snapshot: at start and after every live (re)connect. Overlapping calls collapse into one more fetch. */
export function refreshProducts(): void {
  if (productsInFlight) {
    productsAgain = true;
    return;
  }
  productsInFlight = true;
  const store = useProducts.getState();
  store.productsRequested();
  getProducts()
    .then((products) => useProducts.getState().productsLoaded(products))
    .catch((error: unknown) => {
      useProducts.getState().productsFailed();
      toast.error(errorMessage(error), { id: 'products-failed' });
    })
    .finally(() => {
      productsInFlight = false;
      if (productsAgain) {
        productsAgain = false;
        refreshProducts();
      }
    });
}
