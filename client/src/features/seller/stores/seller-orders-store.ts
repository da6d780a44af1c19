import { create } from 'zustand';
import type { OrderDto } from '@core/contracts/http/order-replies';
import { isPastPromise } from '@core/domain/delivery-promise';
import type { OrderStatus } from '@core/domain/order-status';
import { applyEarly, rememberEarly, takeEarly } from '../../../lib/early-updates';
import type { LoadStatus } from '../../../lib/load-status';
import { firstPagePlace, insertedAt, keepNewest, pageCountOf } from '../../../lib/order-status';

type SellerOrdersState = {
  orders: OrderDto[];
  total: number;
  status: LoadStatus;
  filter: OrderStatus | '';
  page: number;
  /** Orders that arrived live and the seller has not looked at yet (highlighted on the board). */
  unseen: Record<string, true>;
  /**
   * Live updates of orders the board does not hold. `order.created` carries the order as placed, so an update
   * announced before it (possible when its job is retried) must not be lost: the newer of the two is shown.
   */
  early: Record<string, OrderDto>;
  /** Orders a live message added since the last request started: the snapshot on its way may not know them yet. */
  arrived: Record<string, true>;
  ordersRequested: () => void;
  ordersLoaded: (orders: OrderDto[], total: number) => void;
  ordersFailed: () => void;
  filterChanged: (filter: OrderStatus | '') => void;
  pageChanged: (page: number) => void;
  /** A live `order.created`: shown at the top of the first page when it matches the filter. */
  orderCreated: (order: OrderDto) => void;
  /**
   * A live `order.updated` or our own change: applied only when its version is newer. An order not held that came into
   * the filter joins the first page.
   */
  orderUpdated: (order: OrderDto) => void;
  orderSeen: (id: string) => void;
  allSeen: () => void;
};

export const useSellerOrders = create<SellerOrdersState>()((set) => ({
  orders: [],
  total: 0,
  status: 'idle',
  filter: '',
  page: 1,
  unseen: {},
  early: {},
  arrived: {},
  ordersRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', arrived: {} })),
  ordersLoaded: (incoming, total) =>
    set((s) => {
      // A page past the last (its orders were dealt with, here or elsewhere) gives way to the last one, which then loads.
      const last = pageCountOf(total);
      if (s.page > last) return { page: last };
      const { orders, early } = applyEarly(keepNewest(s.orders, incoming, s.arrived), s.early);
      // The snapshot's total does not count the orders it lacks and the board kept.
      return { orders, early, total: total + orders.length - incoming.length, status: 'ready' };
    }),
  ordersFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  filterChanged: (filter) => set({ filter, page: 1 }),
  pageChanged: (page) => set({ page }),
  orderCreated: (placed) =>
    set((s) => {
      if (s.orders.some((o) => o._id === placed._id)) return s;
      const { order, early } = takeEarly(s.early, placed);
      const visible = s.page === 1 && (s.filter === '' || s.filter === order.status);
      if (!visible) return { early, total: s.filter === '' || s.filter === order.status ? s.total + 1 : s.total };
      return {
        early,
        orders: [order, ...s.orders],
        total: s.total + 1,
        unseen: { ...s.unseen, [order._id]: true as const },
        arrived: { ...s.arrived, [order._id]: true as const },
      };
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
  orderSeen: (id) =>
    set((s) => {
      if (!s.unseen[id]) return s;
      const unseen = { ...s.unseen };
      delete unseen[id];
      return { unseen };
    }),
  allSeen: () => set({ unseen: {} }),
}));

/**
 * An order the board does not hold that now has the status the board is filtered by (an online order paid, so Order
 * Placed): its order.created was not shown, as it did not match then. On the first page it takes the place the server
 * would list it in, and is counted. `order` is the newest heard of it (an older update must not show a stale status).
 * Unfiltered, an order not held is on a later page or its order.created, which shows it as new, is still to come: it
 * stays early.
 */
function cameIntoFilter(s: SellerOrdersState, early: Record<string, OrderDto>, order: OrderDto): Partial<SellerOrdersState> | null {
  if (s.page !== 1 || s.filter === '' || order.status !== s.filter) return null;
  const now = new Date();
  const at = firstPagePlace(s.orders, s.total, order, (o) => isPastPromise(o, now));
  if (at < 0) return null;
  const { [order._id]: _, ...rest } = early;
  return {
    early: rest,
    orders: insertedAt(s.orders, at, order),
    total: s.total + 1,
    arrived: { ...s.arrived, [order._id]: true as const },
  };
}
