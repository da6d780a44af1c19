import { ORDER_STATUSES, OrderStatus } from '@core/domain/order-status';
import { SELLER_ORDERS_PAGE_SIZE } from '../config/constants';

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

/**
 * Where an order that came into a page's filter goes on its first page, listed as the server lists that page: the
 * orders `leads` picks first (the seller board's late ones), then newest first. -1 when it would follow every order held
 * while more orders match than are held: its place is on a later page, which this one does not show.
 */
export function firstPagePlace<T extends { _id: string; createdAt: string }>(
  held: readonly T[],
  total: number,
  order: T,
  leads: (o: T) => boolean = () => false,
): number {
  const at = held.findIndex((o) => listedBefore(order, o, leads));
  if (at >= 0) return at;
  return total > held.length ? -1 : held.length;
}

function listedBefore<T extends { _id: string; createdAt: string }>(a: T, b: T, leads: (o: T) => boolean): boolean {
  if (leads(a) !== leads(b)) return leads(a);
  if (a.createdAt !== b.createdAt) return Date.parse(a.createdAt) > Date.parse(b.createdAt);
  return a._id > b._id;
}

/** The list with `order` put at index `at`. */
export function insertedAt<T>(list: readonly T[], at: number, order: T): T[] {
  return [...list.slice(0, at), order, ...list.slice(at)];
}

/** Whether a select's value is an order status filter: a status, or '' for all of them. */
export function isStatusFilter(value: string): value is OrderStatus | '' {
  return value === '' || isOrderStatus(value);
}

/** How many pages an order board listing `total` orders has: at least one, even empty. */
export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / SELLER_ORDERS_PAGE_SIZE));
}

/**
 * Whether a board filtered by `status` shows an order that left the filter since the page loaded (dealt with here or
 * elsewhere). It stays on view until the next load, so what was done is seen, and is still counted; but the server no
 * longer lists it, so each later order has moved up a place in the server's pages. The next page must then wait until
 * this one is loaded again (bringing the orders that moved onto it), or those orders would be skipped.
 */
export function showsOrderPastFilter(orders: readonly { status: string }[], status: string): boolean {
  return status !== '' && orders.some((o) => o.status !== status);
}
