import { ORDER_STATUSES, OrderStatus } from '@core/domain/order-status';

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The contract types `status` as a string drawn from ORDER_STATUSES; narrow it for the status machine. */
export function orderStatusOf(order: { status: string }): OrderStatus {
  return isOrderStatus(order.status) ? order.status : OrderStatus.Pending;
}
