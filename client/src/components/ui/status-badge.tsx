import { STATUS_COLOUR, type OrderStatus } from '@core/domain/order-status';

export function StatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  return (
    <span className={`status-badge status-badge--${STATUS_COLOUR[status]}`} data-testid={testId} data-status={status}>
      {status}
    </span>
  );
}
