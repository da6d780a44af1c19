import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminOrders } from '../../../client/src/features/operator/stores/admin-orders-store';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { useProducts } from '../../../client/src/features/products/stores/products-store';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { useSellerProducts } from '../../../client/src/features/seller/stores/seller-products-store';
import { orderFixture, productFixture } from './marketplace-fixtures';

describe('a product snapshot that was on its way when live changes arrived', () => {
  beforeEach(() => useProducts.setState({ products: [productFixture('a'), productFixture('b')], status: 'ready', sinceRequest: null }));

  it('does not bring back a product removed or sold out meanwhile', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productRemoved('a');
    store.productReceived(productFixture('b', { inStock: false }));
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([]);
  });

  it('keeps a product added or changed meanwhile', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productReceived(productFixture('a', { offerPrice: 30 }));
    store.productReceived(productFixture('c'));
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([productFixture('a', { offerPrice: 30 }), productFixture('b'), productFixture('c')]);
  });

  it('takes the next snapshot as it is: only changes since its own request are applied again', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productRemoved('a');
    store.productsLoaded([productFixture('b')]);
    store.productsRequested();
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([productFixture('a'), productFixture('b')]);
  });
});

describe("a store's own product snapshot that was on its way when changes arrived", () => {
  beforeEach(() => useSellerProducts.setState({ products: [productFixture('a'), productFixture('b')], status: 'ready', sinceRequest: null }));

  it('keeps a product added, edited or toggled meanwhile, and does not bring back one deleted meanwhile', () => {
    const store = useSellerProducts.getState();
    store.productsRequested();
    store.productReceived(productFixture('c'));
    store.productReceived(productFixture('a', { offerPrice: 30 }));
    store.stockToggled('a', false);
    store.productRemoved('b');
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useSellerProducts.getState().products).toEqual([productFixture('c'), productFixture('a', { offerPrice: 30, inStock: false })]);
  });

  it('takes the next snapshot as it is: only changes since its own request are applied again', () => {
    const store = useSellerProducts.getState();
    store.productsRequested();
    store.productRemoved('a');
    store.productsLoaded([productFixture('b')]);
    store.productsRequested();
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useSellerProducts.getState().products).toEqual([productFixture('a'), productFixture('b')]);
  });
});

describe('an order snapshot that was on its way when live orders arrived', () => {
  const placed = orderFixture({ _id: 'new', createdAt: '2026-11-23T11:00:00.000Z' });
  const older = orderFixture({ _id: 'old' });

  beforeEach(() => {
    useMyOrders.setState({ orders: [older], status: 'ready', arrived: {} });
    useSellerOrders.setState({ orders: [older], total: 1, status: 'ready', filter: '', page: 1, unseen: {}, early: {}, arrived: {} });
    useAdminOrders.setState({ orders: [older], total: 1, status: 'ready', filter: { seller: '', status: '' }, page: 1, arrived: {} });
  });

  it('keeps a new order on My Orders', () => {
    const store = useMyOrders.getState();
    store.ordersRequested();
    store.orderReceived(placed);
    store.ordersLoaded([older]);
    expect(useMyOrders.getState().orders.map((o) => o._id)).toEqual(['new', 'old']);
  });

  it('keeps a new order on the seller board, where its later updates are then shown', () => {
    const board = useSellerOrders.getState();
    board.ordersRequested();
    board.orderCreated(placed);
    board.ordersLoaded([older], 1);
    expect(useSellerOrders.getState()).toMatchObject({ orders: [placed, older], total: 2 });

    const packed = { ...placed, status: 'Packing', version: 2 };
    board.orderUpdated(packed);
    expect(useSellerOrders.getState().orders[0]).toEqual(packed);
    expect(useSellerOrders.getState().early).toEqual({});
  });

  it('keeps a new order on the operator’s board, even during its first load', () => {
    useAdminOrders.setState({ orders: [], total: 0, status: 'idle' });
    const board = useAdminOrders.getState();
    board.ordersRequested();
    board.orderCreated(placed);
    board.ordersLoaded([older], 1);
    expect(useAdminOrders.getState()).toMatchObject({ orders: [placed, older], total: 2 });
  });

  it('keeps the newer version of an order the snapshot lists, and drops what it no longer lists', () => {
    const board = useSellerOrders.getState();
    board.ordersLoaded([older, placed], 2);
    board.ordersRequested();
    const packed = { ...placed, status: 'Packing', version: 2 };
    board.orderUpdated(packed);
    board.ordersLoaded([placed], 1);
    expect(useSellerOrders.getState()).toMatchObject({ orders: [packed], total: 1 });
  });
});
