import { Link, Navigate } from 'react-router-dom';
import { safeParse, z } from 'zod/mini';
import { OrderDto } from '@core/contracts/http/order-replies';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@core/domain/money';
import { Spinner } from '../../components/ui/spinner';
import { useFollowedOrders } from '../../features/orders/hooks/use-followed-orders';
import { placedPaymentText } from '../../features/orders/lib/placed-payment-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PlacedItems } from './placed-items';
import './routes.css';

const SeveralOrders = z.object({ orders: z.array(OrderDto).check(z.minLength(2)) });
const SeveralIds = z.object({ orderIds: z.array(z.string()).check(z.minLength(2)) });

/** The checkout's orders from the navigation state when it placed more than one (one per store), else null. */
export function severalPlaced(state: unknown): OrderDto[] | null {
  const parsed = safeParse(SeveralOrders, state);
  return parsed.success ? parsed.data.orders : null;
}

/** The ids of a paid-online checkout's orders (one per store) from the navigation state, else null. */
export function severalFollowed(state: unknown): string[] | null {
  const parsed = safeParse(SeveralIds, state);
  return parsed.success ? parsed.data.orderIds : null;
}

/**
 * After an online payment of several stores' orders only their ids come along: the screen follows them in My Orders'
 * store (live updates, a fresh snapshot after each reconnect) from "Payment confirming…" to "Paid", as it does for
 * one order.
 */
export function FollowedCheckoutPlaced({ orderIds }: { orderIds: string[] }) {
  const { orders, settled } = useFollowedOrders(orderIds);
  const held = orders.filter((o): o is OrderDto => o !== undefined);
  const complete = held.length === orderIds.length;
  if (!complete && settled) return <Navigate to="/my-orders" replace />;
  if (!complete) return <Spinner label="Loading your orders" />;
  // The fee-carrying order first, as the checkout placed them.
  return <CheckoutPlaced orders={[...held].sort((a, b) => b.fee - a.fee)} />;
}

/** /order-placed for a checkout of several stores: its id, each store's order with its items, and what it all costs. */
export function CheckoutPlaced({ orders }: { orders: OrderDto[] }) {
  const first = orders[0]!;
  useDocumentTitle(`Checkout ${first.checkoutId} placed`);
  const amount = orders.reduce((paise, o) => paise + rupeesToPaise(o.amount), 0);

  return (
    <div className="container page order-placed" data-testid="order-placed">
      <h1 className="page-title">Order placed</h1>
      <p className="order-placed__lead">
        Thank you! Checkout <strong data-testid="placed-checkout-id">{first.checkoutId}</strong> is with {orders.length} stores, as
        one order from each; they may arrive separately.
      </p>
      <section className="order-placed__summary" aria-labelledby="placed-items-title">
        <h2 id="placed-items-title" className="order-placed__subtitle">
          Items
        </h2>
        {orders.map((order) => (
          <div key={order._id} data-testid="placed-order" data-order-id={order._id}>
            <h3 className="order-placed__store">
              {order.seller.storeName} · Order <span data-testid="placed-order-id">{order.orderId}</span>
            </h3>
            <PlacedItems order={order} />
          </div>
        ))}
        <p className="order-placed__amount">
          Amount <strong data-testid="placed-order-amount">{formatRupees(paiseToRupees(amount))}</strong>{' '}
          <span className="muted">(the platform fee once)</span>
        </p>
        <p data-testid="placed-order-payment" data-paid={first.paymentType === 'Online' && orders.every((o) => o.isPaid) ? 'true' : undefined} role="status">
          {placedPaymentText(orders)}
        </p>
        <p className="muted">My Orders shows each store’s order and every step as it happens.</p>
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
