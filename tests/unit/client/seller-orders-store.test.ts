import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/orders';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';

const order = (id: string, version: number, status = 'Order Placed'): OrderDto =>
  ({ _id: id, orderId: `OD${id}`, status, version, isPaid: false, history: [] }) as unknown as OrderDto;

describe('the seller board store', () => {
  beforeEach(() => {
    useSellerOrders.setState({ orders: [], total: 0, status: 'ready', filter: '', page: 1, unseen: {}, early: {} });
  });

  it('shows a new order at the top and applies only newer versions after', () => {
    const board = useSellerOrders.getState();
    board.orderCreated(order('a', 1));
    board.orderUpdated(order('a', 3, 'On The Way'));
    board.orderUpdated(order('a', 2, 'Order Placed'));
    expect(useSellerOrders.getState().orders).toEqual([order('a', 3, 'On The Way')]);
    expect(useSellerOrders.getState().unseen).toEqual({ a: true });
  });

  it('keeps an update that arrives before its order.created, and shows the newer of the two', () => {
    const board = useSellerOrders.getState();
    board.orderUpdated(order('b', 2, 'On The Way'));
    expect(useSellerOrders.getState().orders).toEqual([]);
    board.orderCreated(order('b', 1));
    expect(useSellerOrders.getState().orders).toEqual([order('b', 2, 'On The Way')]);
    expect(useSellerOrders.getState().early).toEqual({});
  });

  it('applies an early update when a snapshot brings its order, and keeps the snapshot where it is newer', () => {
    const board = useSellerOrders.getState();
    board.orderUpdated(order('c', 3, 'On The Way'));
    board.orderUpdated(order('d', 2, 'Packing'));
    board.ordersRequested();
    board.ordersLoaded([order('c', 1), order('d', 4, 'Delivered'), order('e', 1)], 3);
    const state = useSellerOrders.getState();
    expect(state.orders).toEqual([order('c', 3, 'On The Way'), order('d', 4, 'Delivered'), order('e', 1)]);
    expect(state.early).toEqual({});
    expect(state.total).toBe(3);
  });

  it('remembers only the most recent early updates', () => {
    const board = useSellerOrders.getState();
    for (let i = 0; i < 60; i++) board.orderUpdated(order(`x${i}`, 2));
    const early = useSellerOrders.getState().early;
    expect(Object.keys(early)).toHaveLength(50);
    expect(early.x59).toBeDefined();
    expect(early.x0).toBeUndefined();
  });
});
