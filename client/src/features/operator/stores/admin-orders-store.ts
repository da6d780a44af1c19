import { create } from 'zustand';
import type { OrderDto } from '@core/contracts/http/order-replies';
import { applyEarly, rememberEarly, takeEarly } from '../../../lib/early-updates';
import type { LoadStatus } from '../../../lib/load-status';
import type { AdminOrdersFilter } from '../api/admin';
import { firstPagePlace, insertedAt, keepNewest, pageCountOf } from '../../../lib/order-status';

type AdminOrdersState = {
  orders: OrderDto[];
  total: number;
  status: LoadStatus;
  filter: AdminOrdersFilter;
  page: number;
  /**
   * Live updates of orders the page does not hold. `order.created` carries the order as placed, so an update announced
   * before it (possible when its job is retried) must not be lost: the newer of the two is shown.
   */
  early: Record<string, OrderDto>;
  /** Orders a live message added since the last request started: the snapshot on its way may not know them yet. */
  arrived: Record<string, true>;
  ordersRequested: () => void;
  ordersLoaded: (orders: OrderDto[], total: number) => void;
  ordersFailed: () => void;
  filterChanged: (change: Partial<AdminOrdersFilter>) => void;
  pageChanged: (page: number) => void;
  /** A live `order.created`: shown first on the first page when it matches the filter. */
  orderCreated: (order: OrderDto) => void;
  /**
   * A live `order.updated`: applied to an order on the page when its version is newer. An order not on the page that
   * came into the filter joins the first page; otherwise it is remembered until its order.created or a snapshot brings it.
   */
  orderUpdated: (order: OrderDto) => void;
};

function matches(filter: AdminOrdersFilter, order: OrderDto): boolean {
  return (filter.seller === '' || filter.seller === order.seller.id) && (filter.status === '' || filter.status === order.status);
}

/** The operator's view of every store's orders: a page of them, following the orders on it live. */
export const useAdminOrders = create<AdminOrdersState>()((set) => ({
  orders: [],
  total: 0,
  status: 'idle',
  filter: { seller: '', status: '' },
  page: 1,
  early: {},
  arrived: {},
  ordersRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', arrived: {} })),
  ordersLoaded: (incoming, total) =>
    set((s) => {
      // A page past the last (its orders were dealt with meanwhile) gives way to the last one, which then loads.
      const last = pageCountOf(total);
      if (s.page > last) return { page: last };
      const { orders, early } = applyEarly(keepNewest(s.orders, incoming, s.arrived), s.early);
      // The snapshot's total does not count the orders it lacks and the page kept.
      return { orders, early, total: total + orders.length - incoming.length, status: 'ready' };
    }),
  ordersFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  filterChanged: (change) => set((s) => ({ filter: { ...s.filter, ...change }, page: 1 })),
  pageChanged: (page) => set({ page }),
  orderCreated: (placed) =>
    set((s) => {
      if (s.orders.some((o) => o._id === placed._id)) return s;
      const { order, early } = takeEarly(s.early, placed);
      // Until the page is first opened there is no list to add to; while its first snapshot is on its way there is.
      if (s.status === 'idle' || !matches(s.filter, order)) return { early };
      if (s.page !== 1) return { early, total: s.total + 1 };
      return { early, orders: [order, ...s.orders], total: s.total + 1, arrived: { ...s.arrived, [order._id]: true as const } };
    }),
  orderUpdated: (order) =>
    set((s) => {
      const held = s.orders.find((o) => o._id === order._id);
      if (!held) {
        const early = rememberEarly(s.early, order);
        return cameIntoFilter(s, early, early[order._id] ?? order) ?? { early };
      }
      if (held.version >= order.version) return s;
      return { orders: s.orders.map((o) => (o._id === order._id ? order : o)) };
    }),
}));

/**
 * An order the page does not hold that now has the status the page is filtered by (an online order paid, so Order
 * Placed): its order.created was not shown, as it did not match then. On the first page it takes the place the server
 * would list it in, and is counted. Filtered by store alone, an order not held is on a later page (or its order.created
 * is still to come): the status is what moves an order into a filter. `order` is the newest heard of it (an older
 * update must not show a stale status); one that does not join the page stays early.
 */
function cameIntoFilter(s: AdminOrdersState, early: Record<string, OrderDto>, order: OrderDto): Partial<AdminOrdersState> | null {
  if (s.status === 'idle' || s.page !== 1 || s.filter.status === '' || !matches(s.filter, order)) return null;
  const at = firstPagePlace(s.orders, s.total, order);
  if (at < 0) return null;
  const { [order._id]: _, ...rest } = early;
  return {
    early: rest,
    orders: insertedAt(s.orders, at, order),
    total: s.total + 1,
    arrived: { ...s.arrived, [order._id]: true as const },
  };
}
