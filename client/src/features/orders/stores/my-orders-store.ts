import { create } from 'zustand';
import type { OrderDto } from '@core/contracts/http/order-replies';
import type { LoadedList } from '../../../lib/load-status';
import { keepNewest } from '../../../lib/order-status';

/** `ordersLoaded` takes a snapshot; what live updates brought while it was on its way is kept (keepNewest). */
type MyOrdersState = LoadedList<'orders', OrderDto> & {
  /** Orders a live message added since the last request started: the snapshot on its way may not know them yet. */
  arrived: Record<string, true>;
  /** A live `order.updated`: applied only when its version is newer than the one held. */
  orderReceived: (order: OrderDto) => void;
  ordersCleared: () => void;
};

function newestFirst(a: OrderDto, b: OrderDto): number {
  return b.createdAt.localeCompare(a.createdAt);
}

export const useMyOrders = create<MyOrdersState>()((set) => ({
  orders: [],
  status: 'idle',
  arrived: {},
  ordersRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', arrived: {} })),
  ordersLoaded: (incoming) =>
    set((s) => {
      const orders = keepNewest(s.orders, incoming, s.arrived);
      return { orders: orders.sort(newestFirst), status: 'ready' };
    }),
  ordersFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  orderReceived: (order) =>
    set((s) => {
      const at = s.orders.findIndex((o) => o._id === order._id);
      if (at < 0) return { orders: [order, ...s.orders].sort(newestFirst), arrived: { ...s.arrived, [order._id]: true as const } };
      const held = s.orders[at];
      if (held && held.version >= order.version) return s;
      return { orders: s.orders.map((o, i) => (i === at ? order : o)) };
    }),
  ordersCleared: () => set({ orders: [], status: 'idle', arrived: {} }),
}));
