import type { OrderDto } from '@core/contracts/http/order-replies';
import { isFinal, OrderStatus } from '@core/domain/order-status';
import { formatStepTime } from '../../../lib/format';
import { orderStatusOf } from '../../../lib/order-status';

type StepState = 'done' | 'current' | 'upcoming' | 'cancelled';
type Step = { status: OrderStatus; state: StepState; at: string | undefined };

/** Steps of the order's journey, each with the time it was reached (from the order's history). */
export function timelineSteps(order: OrderDto): Step[] {
  const status = orderStatusOf(order);
  // A step is dated by its last move into that status: an order the system cancelled on expiry, restored by a late
  // payment and cancelled again was cancelled at the end. Rows that keep the status (a paid switch) move nothing.
  const reachedAt = new Map<string, string>();
  for (const entry of order.history) if (entry.from !== entry.to) reachedAt.set(entry.to, entry.at);

  const flow: OrderStatus[] =
    order.paymentType === 'Online'
      ? [OrderStatus.Pending, OrderStatus.OrderPlaced, OrderStatus.OnTheWay, OrderStatus.Delivered]
      : [OrderStatus.OrderPlaced, OrderStatus.OnTheWay, OrderStatus.Delivered];

  if (status === OrderStatus.Cancelled) {
    const reached = flow.filter((s) => reachedAt.has(s));
    return [
      ...reached.map((s): Step => ({ status: s, state: 'done', at: reachedAt.get(s) })),
      { status: OrderStatus.Cancelled, state: 'cancelled', at: reachedAt.get(OrderStatus.Cancelled) },
    ];
  }

  const steps = flow.includes(status) ? flow : [status, ...flow];
  const current = steps.indexOf(status);
  return steps.map((s, i) => ({
    status: s,
    state: i < current || (i === current && isFinal(s)) ? 'done' : i === current ? 'current' : 'upcoming',
    at: i <= current ? reachedAt.get(s) : undefined,
  }));
}

export function StatusTimeline({ order }: { order: OrderDto }) {
  const steps = timelineSteps(order);
  return (
    <ol className="timeline" aria-label={`Progress of order ${order.orderId}`} data-testid="order-timeline">
      {steps.map((step) => (
        <li
          key={step.status}
          className={`timeline__step timeline__step--${step.state}`}
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline__dot" aria-hidden="true">
            {step.state === 'done' ? '✓' : step.state === 'cancelled' ? '✕' : ''}
          </span>
          <span className="timeline__label">{step.status}</span>
          {step.at ? (
            <time className="timeline__time" dateTime={step.at}>
              {formatStepTime(step.at)}
            </time>
          ) : (
            <span className="timeline__time" aria-hidden="true">
              {' '}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
