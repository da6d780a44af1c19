import { ORDER_STATUSES, OrderStatus } from '@core/domain/order-status';

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The contract types `status` as a string drawn from ORDER_STATUSES; narrow it for the status machine. */
export function orderStatusOf(order: { status: string }): OrderStatus {
  return isOrderStatus(order.status) ? order.status : OrderStatus.Pending;
}

/**
 * A fresh snapshot of orders merged with the ones this page holds. A live message can overtake the snapshot's request
 * (the server built its answer before the change), so the snapshot alone would undo it:
 * - of each order, the newest version wins;
 * - an order the snapshot lacks stays when it arrived live since the request started (`arrived`, by id): it is newer
 *   than the snapshot, not gone from it. It leads the list, as the newest. Any other order the snapshot lacks is gone.
 */
export function keepNewest<T extends { _id: string; version: number }>(
  held: readonly T[],
  incoming: readonly T[],
  arrived: Readonly<Record<string, true>>,
): T[] {
  const byId = new Map(held.map((o) => [o._id, o]));
  const listed = new Set(incoming.map((o) => o._id));
  const newer = held.filter((o) => arrived[o._id] && !listed.has(o._id));
  return [
    ...newer,
    ...incoming.map((o) => {
      const mine = byId.get(o._id);
      return mine && mine.version > o.version ? mine : o;
    }),
  ];
}

/** Whether a select's value is an order status filter: a status, or '' for all of them. */
export function isStatusFilter(value: string): value is OrderStatus | '' {
  return value === '' || isOrderStatus(value);
}
