import type { OrderDto } from '@core/contracts/http/orders';
import { minutesUntil } from '@core/domain/delivery-promise';
import { OrderStatus } from '@core/domain/order-status';
import { useNow } from '../../../hooks/use-now';
import { formatClockTime } from '../../../lib/format';
import { orderStatusOf } from '../../../lib/order-status';

/** While the order is on its way: minutes left until the store's promised time, then an honest "Running late". */
export function ArrivalCountdown({ order }: { order: OrderDto }) {
  const now = useNow();
  if (orderStatusOf(order) !== OrderStatus.OnTheWay || !order.promisedAt) return null;
  const left = minutesUntil(new Date(order.promisedAt), now);
  const late = left <= 0;
  return (
    <p className={`order-eta ${late ? 'order-eta--late' : ''}`} role="status" data-testid="order-eta" data-late={late ? 'true' : undefined}>
      {late ? 'Running late' : `Arriving in ${left} min`}
      <span className="muted"> · promised by {formatClockTime(order.promisedAt)}</span>
    </p>
  );
}
