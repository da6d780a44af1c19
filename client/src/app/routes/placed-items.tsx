import type { OrderDto } from '@core/contracts/http/order-replies';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@core/domain/money';

/** An order's lines as its confirmation lists them: name × quantity, and what they cost. */
export function PlacedItems({ order }: { order: OrderDto }) {
  return (
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
  );
}
