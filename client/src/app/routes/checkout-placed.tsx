import { Link } from 'react-router-dom';
import { safeParse, z } from 'zod/mini';
import { OrderDto } from '@core/contracts/http/order-replies';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@core/domain/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import './routes.css';

const SeveralOrders = z.object({ orders: z.array(OrderDto).check(z.minLength(2)) });

/** The checkout's orders from the navigation state when it placed more than one (one per store), else null. */
export function severalPlaced(state: unknown): OrderDto[] | null {
  const parsed = safeParse(SeveralOrders, state);
  return parsed.success ? parsed.data.orders : null;
}

/** /order-placed for a checkout of several stores: its id, each store's order with its items, and what it all costs. */
export function CheckoutPlaced({ orders }: { orders: OrderDto[] }) {
  const first = orders[0]!;
  useDocumentTitle(`Checkout ${first.checkoutId} placed`);
  const amount = orders.reduce((paise, o) => paise + rupeesToPaise(o.amount), 0);
  const cod = first.paymentType === 'COD';

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
            <ul className="order-placed__items">
              {order.items.map((item) => (
                <li key={item.product._id}>
                  <span>
                    {item.product.name} × {item.quantity}
                  </span>
                  <span>{formatRupees(paiseToRupees(rupeesToPaise(item.product.offerPrice) * item.quantity))}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <p className="order-placed__amount">
          Amount <strong data-testid="placed-order-amount">{formatRupees(paiseToRupees(amount))}</strong>{' '}
          <span className="muted">(the platform fee once)</span>
        </p>
        <p data-testid="placed-order-payment">{cod ? 'Cash on delivery: pay each store’s order when it arrives.' : first.isPaid ? 'Paid online.' : 'Payment pending.'}</p>
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
