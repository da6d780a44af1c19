import { Link, Navigate, useLocation } from 'react-router-dom';
import { OrderDto } from '@core/contracts/http/order-replies';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@core/domain/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import './routes.css';

/**
 * /order-placed: the confirmation a shopper sees right after placing an order, before My Orders. The order comes in
 * the navigation state from the checkout; opened any other way (a reload, a bookmark) there is nothing to confirm,
 * so it goes to My Orders, where every order is.
 */
export function OrderPlacedRoute() {
  const { state } = useLocation();
  const parsed = OrderDto.safeParse((state as { order?: unknown } | null)?.order);
  useDocumentTitle(parsed.success ? `Order ${parsed.data.orderId} placed` : null);
  if (!parsed.success) return <Navigate to="/my-orders" replace />;
  const order = parsed.data;
  const cod = order.paymentType === 'COD';

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
        <p className="order-placed__amount">
          Amount <strong data-testid="placed-order-amount">{formatRupees(order.amount)}</strong>
        </p>
        <p data-testid="placed-order-payment">
          {cod ? 'Cash on delivery: pay when it arrives.' : order.isPaid ? 'Paid online.' : 'Payment pending.'}
        </p>
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
