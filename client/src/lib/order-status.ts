import { ORDER_STATUSES, OrderStatus } from '@core/domain/order-status';

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The contract types `status` as a string drawn from ORDER_STATUSES; narrow it for the status machine. */
export function orderStatusOf(order: { status: string }): OrderStatus {
  return isOrderStatus(order.status) ? order.status : OrderStatus.Pending;
}

/**
 * A fresh snapshot of orders, keeping any order this page already holds in a newer version (a live update can
 * overtake the snapshot's request): the newest version of each order always wins.
 */
export function keepNewest<T extends { _id: string; version: number }>(held: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map(held.map((o) => [o._id, o]));
  return incoming.map((o) => {
    const mine = byId.get(o._id);
    return mine && mine.version > o.version ? mine : o;
  });
}

/** Whether a select's value is an order status filter: a status, or '' for all of them. */
export function isStatusFilter(value: string): value is OrderStatus | '' {
  return value === '' || isOrderStatus(value);
}
