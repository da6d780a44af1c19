import type { OrderDto } from '@core/contracts/http/order-replies';
import type { WsMessage } from '@core/contracts/ws';
import { formatRupees } from '@core/domain/money';
import { toast } from '../components/ui/toast/toast-store';
import { createLiveSocket } from '../lib/live-socket';
import { useSession } from '../features/auth/stores/session-store';
import { useCart } from '../features/cart/stores/cart-store';
import { useLiveConnection } from '../features/live/stores/live-connection-store';
import { paymentFailedToastId } from '../features/orders/lib/payment-toast-id';
import { announceStatusChange } from '../features/orders/lib/status-notice';
import { useMyOrders } from '../features/orders/stores/my-orders-store';
import { useProducts } from '../features/products/stores/products-store';
import { useSellerOrders } from '../features/seller/stores/seller-orders-store';
import { useSellerProducts } from '../features/seller/stores/seller-products-store';
import { useAdminOrders } from '../features/operator/stores/admin-orders-store';
import { useAdminStores } from '../features/operator/stores/admin-stores-store';
import { getSellerProducts } from '../features/seller/api/seller-products';
import { useSellerSession } from '../features/seller/stores/seller-session-store';
import { refreshCart, refreshProducts } from './bootstrap';
import { recheckSessions, recheckStore } from './session-check';

/** Who the server says this socket is (its `hello`): a shopper's socket also gets their own order.created. */
let socketRole: Extract<WsMessage, { type: 'hello' }>['role'] = 'visitor';

/** Whether an order or product is the signed-in store's own (its board and product list show nothing else). */
function ownStore(order: { seller: { id: string } }): boolean {
  const seller = useSellerSession.getState().seller;
  return seller !== null && order.seller.id === seller.id;
}

/** Whether the signed-in store sells: only then does a product's removal for shoppers mean it is gone from its own list. */
const ownStoreSells = (): boolean => useSellerSession.getState().seller?.status === 'approved';

/** The store's own product list read again, once a seller page has loaded it. */
function refreshSellerProducts(): void {
  if (useSellerProducts.getState().status === 'idle') return;
  useSellerProducts.getState().productsRequested();
  getSellerProducts().then(
    (products) => useSellerProducts.getState().productsLoaded(products),
    () => useSellerProducts.getState().productsFailed(),
  );
}

/** The signed-in store's data in this tab, back to nothing loaded: its seller pages and the operator's. */
function forgetStoreData(): void {
  useSellerProducts.setState(useSellerProducts.getInitialState(), true);
  useSellerOrders.setState(useSellerOrders.getInitialState(), true);
  useAdminOrders.setState(useAdminOrders.getInitialState(), true);
  useAdminStores.setState(useAdminStores.getInitialState(), true);
}

/** How recent an order's last status move must be for an update of an order this tab does not hold to announce it. */
const NEWS_WINDOW_MS = 5 * 60_000;

function justMoved(order: OrderDto): boolean {
  const last = order.history.at(-1);
  return last !== undefined && last.from !== last.to && last.to === order.status && Date.now() - Date.parse(last.at) < NEWS_WINDOW_MS;
}

/**
 * Paid online: placed for good, so what it bought leaves the cart (it stayed while Checkout was open), once per order
 * and only on the update that placed it: the one written with its last history row (the same moment), where a later
 * one (a refund, say) keeps that row but not the moment, and the cart may hold the same products again by then, added
 * since. Whether the tab held an older version says nothing here: it may have read the paid order from the server
 * before this update came. A placing update heard hours late (a retried announcement) is no news.
 */
const PLACED_NEWS_MS = 60 * 60_000;
const boughtLinesRemoved = new Set<string>();
function takeBoughtLinesOut(order: OrderDto): void {
  const last = order.history.at(-1);
  const paidOnline = order.paymentType === 'Online' && order.isPaid && last?.to === 'Order Placed' && (last.from === 'Pending' || last.from === 'Cancelled');
  if (!paidOnline || order.updatedAt !== last.at || boughtLinesRemoved.has(order._id)) return;
  if (Math.abs(Date.now() - Date.parse(last.at)) >= PLACED_NEWS_MS) return;
  boughtLinesRemoved.add(order._id);
  useCart.getState().linesBought(order.items.map((i) => i.product._id));
}

/** Live messages update the same stores the pages render from (docs/architecture.md, "Live updates"). */
function dispatch(message: WsMessage): void {
  switch (message.type) {
    case 'order.updated': {
      const user = useSession.getState().user;
      // A browser can hold a seller session too; only the user's own orders belong on /my-orders.
      if (user && message.order.userId === user._id) {
        const held = useMyOrders.getState().orders.find((o) => o._id === message.order._id);
        // An order this tab does not hold (My Orders not opened) moved if the update is its last status move, just
        // made: a paid switch or a refund of an order delivered or cancelled long ago is no news.
        const moved = held ? held.version < message.order.version && held.status !== message.order.status : justMoved(message.order);
        useMyOrders.getState().orderReceived(message.order);
        takeBoughtLinesOut(message.order);
        if (moved) announceStatusChange(message.order);
      }
      if (ownStore(message.order)) useSellerOrders.getState().orderUpdated(message.order);
      if (socketRole === 'operator') useAdminOrders.getState().orderUpdated(message.order);
      break;
    }
    case 'order.created': {
      // The shopper's own new order (placed in another tab or device) joins My Orders; sellers get it on the board.
      const user = useSession.getState().user;
      if (user && message.order.userId === user._id) useMyOrders.getState().orderReceived(message.order);
      if (socketRole === 'operator') useAdminOrders.getState().orderCreated(message.order);
      // The operator hears of every store's orders; its own board holds only its own store's.
      if ((socketRole !== 'seller' && socketRole !== 'operator') || !ownStore(message.order)) break;
      useSellerOrders.getState().orderCreated(message.order);
      if (window.location.pathname.startsWith('/seller')) {
        toast.custom(`New order ${message.order.orderId} · ${formatRupees(message.order.amount)}`, {
          id: `new-order-${message.order._id}`,
        });
      }
      break;
    }
    case 'product.updated':
      useProducts.getState().productReceived(message.product);
      // Every store's product changes reach everyone; a store's product list holds only its own.
      if (useSellerProducts.getState().status !== 'idle' && ownStore(message.product)) {
        useSellerProducts.getState().productReceived(message.product);
      }
      break;
    case 'product.removed':
      useProducts.getState().productRemoved(message.productId, message.version);
      // A store that does not sell (pending, suspended…) hears this of every change to its own products, which stay on
      // its list; its own deletions it applies as it makes them.
      if (ownStoreSells()) useSellerProducts.getState().productRemoved(message.productId, message.version);
      break;
    case 'payment.failed':
      toast.error(message.message, { id: paymentFailedToastId(message.orderId) });
      break;
    case 'store.updated': {
      // This store's own standing (approved, suspended…) shows in its banner; the operator's list follows every store.
      const sold = ownStoreSells();
      useSellerSession.getState().storeUpdated(message.store);
      // A suspension's product removals may come before it and took the products off the store's own list.
      if (sold && !ownStoreSells()) refreshSellerProducts();
      if (socketRole === 'operator') useAdminStores.getState().storeReceived(message.store);
      break;
    }
    case 'hello':
      socketRole = message.role;
      break;
  }
}

/** Opens the socket for the whole app and reconnects it whenever the session (and so the audience) changes. */
export function startLiveUpdates(): () => void {
  const socket = createLiveSocket({
    message: dispatch,
    statusChanged: (status) => useLiveConnection.getState().statusChanged(status),
    opened: () => {
      useLiveConnection.getState().connected();
      refreshProducts();
      void refreshCart();
      // The operator may have decided on the store, or its session ended, while the socket was down.
      void recheckStore();
    },
    sessionEnded: () => void recheckSessions(),
  });
  socket.start();

  const stopUser = useSession.subscribe((state, previous) => {
    if (previous.checked && state.user?._id !== previous.user?._id) socket.restart();
  });
  const stopSeller = useSellerSession.subscribe((state, previous) => {
    // Another store (or nobody) is signed in: the last one's products and orders are not theirs to see, even for the
    // moment their own are loading or if that load fails.
    if (previous.seller && state.seller?.id !== previous.seller.id) forgetStoreData();
    // A sign-in, sign-up or logout changed the seller cookie: the socket's audience follows it.
    if (state.signIns !== previous.signIns) socket.restart();
  });

  return () => {
    stopUser();
    stopSeller();
    socket.stop();
  };
}
