import type { OrderDto } from '@core/contracts/http/order-replies';
import { formatRupees } from '@core/domain/money';
import { OrderStatus } from '@core/domain/order-status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { whatsappSupportUrl } from '../../../config/constants';
import { formatDateTime } from '../../../lib/format';
import { orderStatusOf } from '../../../lib/order-status';
import whatsappIcon from '../../../assets/whatsapp.svg';
import { ArrivalCountdown } from './arrival-countdown';
import { DeliveryPromiseLine } from './delivery-promise-line';
import { OrderActions } from './order-actions';
import { StatusTimeline } from './status-timeline';
import './orders.css';

/**
 * Whether the order is paid. "Not paid", in the warning colour, is for an online payment that has not come through:
 * cash on delivery is paid at the door, so until then it is no warning, and a cancelled order unpaid is owed nothing.
 */
function paidBadge(order: OrderDto, status: OrderStatus): { text: string; className: string } {
  if (order.isPaid) return { text: 'Paid', className: 'pill pill--paid' };
  if (status === OrderStatus.Cancelled) return { text: 'Nothing to pay', className: 'pill' };
  if (order.paymentType === 'Online') return { text: 'Not paid', className: 'pill pill--unpaid' };
  return { text: 'Pay on delivery', className: 'pill' };
}

/** One order with its live status, timeline and actions; `headingLevel` 3 when it sits under its checkout's heading. */
export function OrderCard({ order, headingLevel = 2 }: { order: OrderDto; headingLevel?: 2 | 3 }) {
  const status = orderStatusOf(order);
  const paid = paidBadge(order, status);
  const { address } = order;
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="order-card"
      data-testid="order-card"
      data-order-id={order._id}
      data-order-code={order.orderId}
      data-status={status}
      data-store-id={order.seller.id}
      data-checkout-id={order.checkoutId}
      aria-labelledby={`order-${order._id}-title`}
    >
      <header className="order-card__head">
        <div>
          <Title id={`order-${order._id}-title`} className="order-card__id">
            Order ID: <span data-testid="order-id">{order.orderId}</span>
          </Title>
          <p className="order-card__store" data-testid="order-store">
            Sold by {order.seller.storeName}
          </p>
          <p className="muted order-card__date">Placed on {formatDateTime(order.createdAt)}</p>
        </div>
        <StatusBadge status={status} testId="order-status" />
      </header>

      <ArrivalCountdown order={order} />
      <StatusTimeline order={order} />
      <DeliveryPromiseLine order={order} />

      <ul className="order-card__items" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.product._id} className="order-item">
            <img src={item.product.image || item.product.images[0]} alt={item.product.name} loading="lazy" width={56} height={56} />
            <div className="order-item__info">
              <p className="order-item__name">{item.product.name}</p>
              <p className="muted">
                {item.product.category} · Qty {item.quantity}
              </p>
            </div>
            <p className="order-item__amount">{formatRupees(item.product.offerPrice * item.quantity)}</p>
          </li>
        ))}
      </ul>

      <dl className="order-card__facts">
        <div>
          <dt>Amount</dt>
          <dd className="order-card__amount">
            <span data-testid="order-amount">{formatRupees(order.amount)}</span>
            {order.fee > 0 ? <span className="muted order-card__fee"> (incl. {formatRupees(order.fee)} platform fee)</span> : null}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.paymentType === 'COD' ? 'Cash On Delivery' : 'Online'}</dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>
            <span className={paid.className} data-testid="order-paid">
              {paid.text}
            </span>
          </dd>
        </div>
        <div className="order-card__address">
          <dt>Deliver to</dt>
          <dd>
            {address.firstName} {address.lastName}, {address.street}, {address.city}, {address.state} {address.zipcode},{' '}
            {address.country} · {address.phone}
          </dd>
        </div>
      </dl>

      <OrderActions order={order} />

      <a className="order-card__support" href={whatsappSupportUrl(order.orderId)} target="_blank" rel="noopener noreferrer">
        <img src={whatsappIcon} alt="" width={20} height={20} />
        Chat with support on WhatsApp
        <span className="visually-hidden"> about order {order.orderId} (opens in a new tab)</span>
      </a>
    </article>
  );
}
