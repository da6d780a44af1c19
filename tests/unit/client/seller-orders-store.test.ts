import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/orders';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { orderFixture } from './marketplace-fixtures';

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

describe('a seller board filtered by a status', () => {
  const placed = (id: string, createdAt: string, version = 1, status = 'Order Placed') => orderFixture({ _id: id, createdAt, version, status });
  beforeEach(() => {
    const held = [placed('n', '2026-11-23T11:00:00.000Z'), placed('o', '2026-11-23T09:00:00.000Z')];
    useSellerOrders.setState({ ...useSellerOrders.getInitialState(), orders: held, total: 2, status: 'ready', filter: 'Order Placed' });
  });

  it('does not show an order by an update older than one already heard of it, which moved it out of the filter', () => {
    const board = useSellerOrders.getState();
    board.orderUpdated(placed('p', '2026-11-23T10:00:00.000Z', 3, 'Packing'));
    board.orderUpdated(placed('p', '2026-11-23T10:00:00.000Z', 2));
    const state = useSellerOrders.getState();
    expect(state.orders.map((o) => o._id)).toEqual(['n', 'o']);
    expect(state.total).toBe(2);
    expect(state.early.p?.version).toBe(3);
  });

  it('leaves an order whose place is on a later page to that page', () => {
    useSellerOrders.setState({ total: 40 });
    useSellerOrders.getState().orderUpdated(placed('q', '2026-11-20T10:00:00.000Z', 2));
    const state = useSellerOrders.getState();
    expect(state.orders.map((o) => o._id)).toEqual(['n', 'o']);
    expect(state.total).toBe(40);
  });

  it('does not add an order to a page other than the first', () => {
    useSellerOrders.setState({ page: 2, total: 40 });
    useSellerOrders.getState().orderUpdated(placed('p', '2026-11-23T12:00:00.000Z', 2));
    expect(useSellerOrders.getState().orders.map((o) => o._id)).toEqual(['n', 'o']);
  });

  it('shows an order once when its update overtook its order.created', () => {
    const board = useSellerOrders.getState();
    board.orderUpdated(placed('p', '2026-11-23T10:00:00.000Z', 2));
    board.orderCreated(placed('p', '2026-11-23T10:00:00.000Z', 1));
    const state = useSellerOrders.getState();
    expect(state.orders.map((o) => [o._id, o.version])).toEqual([['n', 1], ['p', 2], ['o', 1]]);
    expect(state.total).toBe(3);
  });

  it('keeps an order that came into the filter when the snapshot on its way does not list it yet', () => {
    const board = useSellerOrders.getState();
    board.ordersRequested();
    board.orderUpdated(placed('p', '2026-11-23T10:00:00.000Z', 2));
    board.ordersLoaded([placed('n', '2026-11-23T11:00:00.000Z'), placed('o', '2026-11-23T09:00:00.000Z')], 2);
    const state = useSellerOrders.getState();
    expect(state.orders.map((o) => o._id)).toEqual(['p', 'n', 'o']);
    expect(state.total).toBe(3);
  });
});
