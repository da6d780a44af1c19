import { create } from 'zustand';
import type { OrderDto } from '@core/contracts/http/order-replies';
import type { LoadStatus } from '../../../lib/load-status';
import type { AdminOrdersFilter } from '../api/admin';
import { keepNewest } from '../../../lib/order-status';

type AdminOrdersState = {
  orders: OrderDto[];
  total: number;
  status: LoadStatus;
  filter: AdminOrdersFilter;
  page: number;
  ordersRequested: () => void;
  ordersLoaded: (orders: OrderDto[], total: number) => void;
  ordersFailed: () => void;
  filterChanged: (change: Partial<AdminOrdersFilter>) => void;
  pageChanged: (page: number) => void;
  /** A live `order.created`: shown first on the first page when it matches the filter. */
  orderCreated: (order: OrderDto) => void;
  /** A live `order.updated`: applied to an order on the page when its version is newer. */
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
  ordersRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' })),
  ordersLoaded: (incoming, total) =>
    set((s) => {
      const orders = keepNewest(s.orders, incoming);
      return { orders, total, status: 'ready' };
    }),
  ordersFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  filterChanged: (change) => set((s) => ({ filter: { ...s.filter, ...change }, page: 1 })),
  pageChanged: (page) => set({ page }),
  orderCreated: (order) =>
    set((s) => {
      if (s.status !== 'ready' || !matches(s.filter, order) || s.orders.some((o) => o._id === order._id)) return s;
      if (s.page !== 1) return { total: s.total + 1 };
      return { orders: [order, ...s.orders], total: s.total + 1 };
    }),
  orderUpdated: (order) =>
    set((s) => {
      const held = s.orders.find((o) => o._id === order._id);
      if (!held || held.version >= order.version) return s;
      return { orders: s.orders.map((o) => (o._id === order._id ? order : o)) };
    }),
}));
