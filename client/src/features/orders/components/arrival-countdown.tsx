import type { OrderDto } from '@core/contracts/http/order-replies';
import { minutesUntil } from '@core/domain/delivery-promise';
import { OrderStatus } from '@core/domain/order-status';
import { useNow } from '../../../hooks/use-now';
import { formatClockTime } from '../../../lib/format';
import { orderStatusOf } from '../../../lib/order-status';

/** While the order is on its way: minutes left until the store's promised time, then an honest "Running late". */
export function ArrivalCountdown({ order }: { order: OrderDto }) {
  if (orderStatusOf(order) !== OrderStatus.OnTheWay || !order.promisedAt) return null;
  // Keyed by the promise, so the clock starts fresh the moment one arrives (not from when the card first rendered).
  return <Countdown key={order.promisedAt} promisedAt={order.promisedAt} />;
}

function Countdown({ promisedAt }: { promisedAt: string }) {
  const now = useNow();
  const left = minutesUntil(new Date(promisedAt), now);
  const late = left <= 0;
  return (
    <p className={`order-eta ${late ? 'order-eta--late' : ''}`} role="status" data-testid="order-eta" data-late={late ? 'true' : undefined}>
      {late ? 'Running late' : `Arriving in ${left} min`}
      <span className="muted"> · promised by {formatClockTime(promisedAt)}</span>
    </p>
  );
}
