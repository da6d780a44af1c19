import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminOrders } from '../../../client/src/features/operator/stores/admin-orders-store';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { useProducts } from '../../../client/src/features/products/stores/products-store';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { useSellerProducts } from '../../../client/src/features/seller/stores/seller-products-store';
import { orderFixture, productFixture } from './marketplace-fixtures';

describe('a product snapshot that was on its way when live changes arrived', () => {
  beforeEach(() => useProducts.setState({ products: [productFixture('a'), productFixture('b')], status: 'ready', versions: {}, sinceRequest: null }));

  it('does not bring back a product removed or sold out meanwhile', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productRemoved('a', 2);
    store.productReceived(productFixture('b', { inStock: false, version: 2 }));
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([]);
  });

  it('keeps a product added or changed meanwhile', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productReceived(productFixture('a', { offerPrice: 30, version: 2 }));
    store.productReceived(productFixture('c'));
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([productFixture('a', { offerPrice: 30, version: 2 }), productFixture('b'), productFixture('c')]);
  });

  it('takes a snapshot read after a change it saw meanwhile: the snapshot’s own newer state wins', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productReceived(productFixture('a', { offerPrice: 30, version: 2 }));
    store.productsLoaded([productFixture('a', { offerPrice: 25, version: 3 }), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([productFixture('a', { offerPrice: 25, version: 3 }), productFixture('b')]);
  });

  it('takes the next snapshot as it is: only changes since its own request are applied again', () => {
    const store = useProducts.getState();
    store.productsRequested();
    store.productRemoved('a', 2);
    store.productsLoaded([productFixture('b')]);
    store.productsRequested();
    store.productsLoaded([productFixture('a', { version: 3 }), productFixture('b')]);
    expect(useProducts.getState().products).toEqual([productFixture('a', { version: 3 }), productFixture('b')]);
  });

  it('keeps what it heard before a snapshot older than that (a process’s catalogue not yet told)', () => {
    const store = useProducts.getState();
    store.productReceived(productFixture('a', { offerPrice: 30, version: 4 }));
    store.productRemoved('b', 4);
    store.productsRequested();
    store.productsLoaded([productFixture('a', { version: 3 }), productFixture('b', { version: 3 })]);
    expect(useProducts.getState().products).toEqual([productFixture('a', { offerPrice: 30, version: 4 })]);
  });
});

describe('live product announcements that overtook one another', () => {
  beforeEach(() => useProducts.setState({ products: [productFixture('a', { version: 5 })], status: 'ready', versions: { a: 5 }, sinceRequest: null }));

  it('keeps the newer state when the older one arrives after it', () => {
    const store = useProducts.getState();
    store.productReceived(productFixture('a', { inStock: false, stock: 0, version: 7 }));
    store.productReceived(productFixture('a', { stock: 1, version: 6 }));
    expect(useProducts.getState().products).toEqual([]);
    store.productReceived(productFixture('a', { stock: 5, version: 8 }));
    expect(useProducts.getState().products).toEqual([productFixture('a', { stock: 5, version: 8 })]);
  });

  it('does not bring back a removed product with an older announcement, and a newer one does (its store sells again)', () => {
    const store = useProducts.getState();
    store.productRemoved('a', 6);
    store.productReceived(productFixture('a', { version: 5 }));
    expect(useProducts.getState().products).toEqual([]);
    store.productReceived(productFixture('a', { version: 7 }));
    expect(useProducts.getState().products).toEqual([productFixture('a', { version: 7 })]);
  });

  it('ignores a removal older than what it shows', () => {
    useProducts.getState().productRemoved('a', 4);
    expect(useProducts.getState().products).toEqual([productFixture('a', { version: 5 })]);
  });
});

describe("a store's own product snapshot that was on its way when changes arrived", () => {
  beforeEach(() => useSellerProducts.setState({ products: [productFixture('a'), productFixture('b')], status: 'ready', versions: {}, sinceRequest: null }));

  it('keeps a product added, edited or toggled meanwhile, and does not bring back one deleted meanwhile', () => {
    const store = useSellerProducts.getState();
    store.productsRequested();
    store.productReceived(productFixture('c'));
    store.productReceived(productFixture('a', { offerPrice: 30, version: 2 }));
    store.stockToggled('a', false, 2);
    store.productRemoved('b');
    store.productsLoaded([productFixture('a'), productFixture('b')]);
    expect(useSellerProducts.getState().products).toEqual([productFixture('c'), productFixture('a', { offerPrice: 30, inStock: false, version: 2 })]);
  });

  it('takes the next snapshot as it is: only changes since its own request are applied again', () => {
    const store = useSellerProducts.getState();
    store.productsRequested();
    store.productRemoved('a', 2);
    store.productsLoaded([productFixture('b')]);
    store.productsRequested();
    store.productsLoaded([productFixture('a', { version: 3 }), productFixture('b')]);
    expect(useSellerProducts.getState().products).toEqual([productFixture('a', { version: 3 }), productFixture('b')]);
  });

  it('drops a switch’s undo once newer news of the product came (the switch was saved, its answer lost)', () => {
    const store = useSellerProducts.getState();
    store.productReceived(productFixture('a', { version: 5 }));
    store.stockToggled('a', false, 5);
    // The switch was saved as version 6 and announced; its own answer never came back, so the page undoes it.
    store.productReceived(productFixture('a', { inStock: false, version: 6 }));
    store.stockToggled('a', true, 5);
    expect(useSellerProducts.getState().products.find((p) => p._id === 'a')).toEqual(productFixture('a', { inStock: false, version: 6 }));
  });

  it('does not lay a switch made on an older state over a newer snapshot', () => {
    const store = useSellerProducts.getState();
    store.productReceived(productFixture('a', { version: 5 }));
    store.productsRequested();
    store.stockToggled('a', false, 5);
    // Another tab switched it on again after this one's switch was saved: the list read is version 7.
    store.productsLoaded([productFixture('a', { version: 7 }), productFixture('b')]);
    expect(useSellerProducts.getState().products.find((p) => p._id === 'a')).toEqual(productFixture('a', { version: 7 }));
    // And a switch still waiting, on the very state the list holds, stays shown.
    store.productsRequested();
    store.stockToggled('a', false, 7);
    store.productsLoaded([productFixture('a', { version: 7 }), productFixture('b')]);
    expect(useSellerProducts.getState().products.find((p) => p._id === 'a')).toEqual(productFixture('a', { inStock: false, version: 7 }));
  });

  it('never brings back a product it deleted, and drops a live echo older than its own answer', () => {
    const store = useSellerProducts.getState();
    store.productReceived(productFixture('a', { stock: 3, version: 4 }));
    store.productReceived(productFixture('a', { stock: 9, version: 3 }));
    expect(useSellerProducts.getState().products[0]).toEqual(productFixture('a', { stock: 3, version: 4 }));
    store.productRemoved('b');
    store.productReceived(productFixture('b', { version: 50 }));
    store.productsRequested();
    store.productsLoaded([productFixture('a', { stock: 3, version: 4 }), productFixture('b', { version: 50 })]);
    expect(useSellerProducts.getState().products).toEqual([productFixture('a', { stock: 3, version: 4 })]);
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
