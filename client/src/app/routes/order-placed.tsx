import { Link, Navigate, useLocation } from 'react-router-dom';
import { OrderDto } from '@core/contracts/http/order-replies';
import { formatRupees } from '@core/domain/money';
import { Spinner } from '../../components/ui/spinner';
import { ArrivalCountdown } from '../../features/orders/components/arrival-countdown';
import { useFollowedOrders } from '../../features/orders/hooks/use-followed-orders';
import { placedPaymentText } from '../../features/orders/lib/placed-payment-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CheckoutPlaced, FollowedCheckoutPlaced, severalFollowed, severalPlaced } from './checkout-placed';
import { PlacedItems } from './placed-items';
import './routes.css';

/**
 * What the checkout hands over: a cash-on-delivery order as placed, or the id of an order whose online payment was
 * just submitted (it is still confirming).
 */
type Placed = { orderId: string; order?: OrderDto };

function placedFrom(state: unknown): Placed | null {
  const { order, orderId } = (state ?? {}) as { order?: unknown; orderId?: unknown };
  const parsed = OrderDto.safeParse(order);
  if (parsed.success) return { orderId: parsed.data._id, order: parsed.data };
  return typeof orderId === 'string' ? { orderId } : null;
}

/**
 * /order-placed: the confirmation a shopper sees right after placing an order, before My Orders. A cash-on-delivery
 * order comes whole in the navigation state; after an online payment only its id does. Either way the screen follows
 * the order in My Orders' store (live updates, a fresh snapshot after each reconnect or resync), an online one from
 * "Payment confirming…" to "Paid". Opened any other way (a reload, a bookmark) there is nothing to confirm, so it goes
 * to My Orders.
 */
export function OrderPlacedRoute() {
  const { state } = useLocation();
  // A checkout of several stores placed one order per store: all of them are confirmed together.
  const several = severalPlaced(state);
  if (several) return <CheckoutPlaced orders={several} />;
  const followed = severalFollowed(state);
  if (followed) return <FollowedCheckoutPlaced orderIds={followed} />;
  return <SingleOrderPlaced state={state} />;
}

function SingleOrderPlaced({ state }: { state: unknown }) {
  const placed = placedFrom(state);
  // An order handed over whole needs no snapshot now, only those after a reconnect or resync, which may bring news.
  const {
    orders: [held],
    settled,
  } = useFollowedOrders(placed ? [placed.orderId] : [], Boolean(placed && !placed.order));
  // The newest version wins: a live update may already have moved a cash-on-delivery order along.
  const order = held && (!placed?.order || held.version > placed.order.version) ? held : placed?.order;
  useDocumentTitle(order ? `Order ${order.orderId} placed` : null);

  if (!placed || (!order && settled)) return <Navigate to="/my-orders" replace />;
  if (!order) return <Spinner label="Loading your order" />;
  const paid = order.paymentType === 'Online' && order.isPaid;

  return (
    <div className="container page order-placed" data-testid="order-placed">
      <h1 className="page-title">Order placed</h1>
      <p className="order-placed__lead">
        Thank you! Your order <strong data-testid="placed-order-id">{order.orderId}</strong> is with the store.
      </p>
      <section className="order-placed__summary" aria-labelledby="placed-items-title">
        <h2 id="placed-items-title" className="order-placed__subtitle">
          Items
        </h2>
        <PlacedItems order={order} />
        <p className="order-placed__amount">
          Amount <strong data-testid="placed-order-amount">{formatRupees(order.amount)}</strong>
        </p>
        <p data-testid="placed-order-payment" data-paid={paid ? 'true' : undefined} role="status">
          {placedPaymentText([order])}
        </p>
        <ArrivalCountdown order={order} />
        <p className="muted">We deliver in about 10 minutes; My Orders shows each step as it happens.</p>
      </section>
      <div className="route-error__actions">
        <Link to="/my-orders" className="btn">
          View My Orders
        </Link>
        <Link to="/products" className="btn btn--outline">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
