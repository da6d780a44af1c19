import { create } from 'zustand';
import type { OrderDto } from '@core/contracts/http/order-replies';
import type { LoadedList } from '../../../lib/load-status';
import { keepNewest } from '../../../lib/order-status';

/** `ordersLoaded` takes a snapshot; an order held in a newer version (a live update that overtook the fetch) is kept. */
type MyOrdersState = LoadedList<'orders', OrderDto> & {
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
  ordersRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' })),
  ordersLoaded: (incoming) =>
    set((s) => {
      const orders = keepNewest(s.orders, incoming);
      return { orders: orders.sort(newestFirst), status: 'ready' };
    }),
  ordersFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  orderReceived: (order) =>
    set((s) => {
      const at = s.orders.findIndex((o) => o._id === order._id);
      if (at < 0) return { orders: [order, ...s.orders].sort(newestFirst) };
      const held = s.orders[at];
      if (held && held.version >= order.version) return s;
      return { orders: s.orders.map((o, i) => (i === at ? order : o)) };
    }),
  ordersCleared: () => set({ orders: [], status: 'idle' }),
}));
