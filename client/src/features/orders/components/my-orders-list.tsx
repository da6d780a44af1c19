import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { getMyOrders } from '../api/get-my-orders';
import { useMyOrders } from '../stores/my-orders-store';
import { groupByCheckout } from '../lib/group-by-checkout';
import { CheckoutGroupCard } from './checkout-group';
import { OrderCard } from './order-card';
import { isLoading } from '../../../lib/load-status';
import './orders.css';

type MyOrdersListProps = {
  /** Changes on every live (re)connect: the snapshot is fetched again so nothing missed offline stays missed. */
  refreshKey: number;
};

export function MyOrdersList({ refreshKey }: MyOrdersListProps) {
  const orders = useMyOrders((s) => s.orders);
  const status = useMyOrders((s) => s.status);

  // A failure is not only logged: an inline message with a retry is shown instead of a toast.
  const { reload } = useLoader(getMyOrders, [refreshKey], listHandlers(useMyOrders, 'orders', { quiet: true }));

  if (isLoading(status)) return <Spinner label="Loading your orders" />;
  if (status === 'error') {
    return (
      <div className="empty-state">
        <p>We could not load your orders right now.</p>
        <button type="button" className="btn btn--outline" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="empty-state">
        <p>You have not placed any orders yet.</p>
        <Link to="/products" className="btn">
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <ul className="orders-list" aria-label="Your orders">
      {/* A checkout of several stores shows its orders together; each still follows its own store live. */}
      {groupByCheckout(orders).map((group) => (
        <li key={group.checkoutId}>
          {group.orders.length > 1 ? <CheckoutGroupCard group={group} /> : group.orders[0] ? <OrderCard order={group.orders[0]} /> : null}
        </li>
      ))}
    </ul>
  );
}
