import { formatRupees } from '@core/domain/money';
import { formatDateTime } from '../../../lib/format';
import { checkoutAmount, type CheckoutGroup } from '../lib/group-by-checkout';
import { OrderCard } from './order-card';
import './orders.css';

/** One checkout's orders, one per store, under the checkout's id: each card keeps its own status, timeline and actions. */
export function CheckoutGroupCard({ group }: { group: CheckoutGroup }) {
  const titleId = `checkout-${group.checkoutId}-title`;
  const first = group.orders[0];
  return (
    <section className="checkout-group" aria-labelledby={titleId} data-testid="checkout-group" data-checkout-id={group.checkoutId}>
      <header className="checkout-group__head">
        <h2 id={titleId} className="checkout-group__title">
          Checkout <span data-testid="checkout-id">{group.checkoutId}</span>
        </h2>
        <p className="muted">
          {group.orders.length} orders, one per store{first ? ` · placed on ${formatDateTime(first.createdAt)}` : ''} · total{' '}
          <strong className="checkout-group__total">{formatRupees(checkoutAmount(group))}</strong>
        </p>
      </header>
      <ul className="checkout-group__orders" aria-label={`Orders of checkout ${group.checkoutId}`}>
        {group.orders.map((order) => (
          <li key={order._id}>
            <OrderCard order={order} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
