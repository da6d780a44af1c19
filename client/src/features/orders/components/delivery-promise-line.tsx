import type { OrderDto } from '@core/contracts/http/order-replies';
import { OrderStatus } from '@core/domain/order-status';
import { formatClockTime } from '../../../lib/format';

/** Promised against actual: the promise set as the order left the store, and when the Delivered step was recorded. */
export function DeliveryPromiseLine({ order }: { order: OrderDto }) {
  if (!order.promisedAt) return null;
  const deliveredAt = order.history.find((h) => h.to === OrderStatus.Delivered)?.at;
  const late = deliveredAt !== undefined && Date.parse(deliveredAt) > Date.parse(order.promisedAt);
  return (
    <p className="muted order-promise" data-testid="order-promise">
      Promised <time dateTime={order.promisedAt}>{formatClockTime(order.promisedAt)}</time>
      {deliveredAt ? (
        <>
          {' · '}Delivered <time dateTime={deliveredAt}>{formatClockTime(deliveredAt)}</time>
          {late ? <span className="order-promise__late"> (late)</span> : null}
        </>
      ) : null}
    </p>
  );
}
