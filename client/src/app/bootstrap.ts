import { toast } from '../components/ui/toast/toast-store';
import { errorMessage } from '../lib/api-client';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { useSession } from '../features/auth/stores/session-store';
import { hasUnsavedChanges, useCart } from '../features/cart/stores/cart-store';
import { getProducts } from '../features/products/api/get-products';
import { useProducts } from '../features/products/stores/products-store';
import { getStoreInfo } from '../features/store/api/get-store-info';
import { useStoreInfo } from '../features/store/stores/store-info-store';

/**
 * On load the app asks whether the visitor is a logged-in user; their server cart wins, unless the shopper changed the
 * cart while the check was on its way. Those changes are newer than the server's copy: they stay, and the cart sync
 * saves them as soon as the user is known.
 */
export async function loadSession(): Promise<void> {
  try {
    const user = await getCurrentUser();
    if (user && !hasUnsavedChanges(useCart.getState())) useCart.getState().cartReplaced(user.cartItems);
    useSession.getState().sessionChecked(user);
  } catch {
    useSession.getState().sessionChecked(null);
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
