import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbOrderStatus } from '../../../core/modules/orders/order-enums';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';
import { insertOrderRow } from '../../helpers/order-rows';
import { imageFile, images, multipart, productData, shopperCookie } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

/** Two stores side by side: each sees and changes only its own products and orders; the other's ids are 404. */
describe('store ownership', () => {
  let ctx: TestContext;
  let a: Awaited<ReturnType<typeof storeWithSession>>;
  let b: Awaited<ReturnType<typeof storeWithSession>>;
  let productOfA: string;
  let productOfB: string;
  let orderOfA: string;
  let orderOfB: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    a = await storeWithSession(ctx, { storeName: 'Store A' });
    b = await storeWithSession(ctx, { storeName: 'Store B' });
    productOfA = (await createProduct(ctx.db, { name: 'A Mango', sellerId: a.sellerId, stockQuantity: 5 })).id;
    productOfB = (await createProduct(ctx.db, { name: 'B Banana', sellerId: b.sellerId, stockQuantity: 5 })).id;
    const shopper = await shopperCookie(ctx);
    orderOfA = (await insertOrderRow(ctx.db, { userId: shopper.userId, sellerId: a.sellerId, productId: productOfA })).id;
    orderOfB = (await insertOrderRow(ctx.db, { userId: shopper.userId, sellerId: b.sellerId, productId: productOfB })).id;
  });
  afterAll(() => ctx.close());

  const as = (cookie: string, method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const productRow = (id: string) => ctx.db.product.findUniqueOrThrow({ where: { id } });

  it("lists only the store's own products", async () => {
    const res = await as(a.cookie, 'GET', '/api/product/seller-list');
    expect(res.json().products.map((p: { _id: string }) => p._id)).toEqual([productOfA]);
    expect(res.json().products[0].seller).toEqual({ id: a.sellerId, storeName: 'Store A' });
  });

  it('adds a product to the signed-in store', async () => {
    const form = multipart([{ name: 'productData', value: productData({ name: 'A Guava' }) }, imageFile(images.png())]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/product/add', payload: form.payload, headers: { ...form.headers, cookie: b.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await productRow(res.json().product._id)).sellerId).toBe(b.sellerId);
  });

  it("answers 404 to every change of another store's product, and changes nothing", async () => {
    const before = await productRow(productOfB);
    const edit = multipart([{ name: 'productData', value: productData({ images: before.images }) }]);
    const attempts = [
      await as(a.cookie, 'PATCH', `/api/product/${productOfB}`, { stock: 99 }),
      await as(a.cookie, 'POST', '/api/product/stock', { id: productOfB, inStock: false }),
      await as(a.cookie, 'DELETE', `/api/product/${productOfB}/delete`),
      await ctx.app.inject({ method: 'PUT', url: `/api/product/${productOfB}`, payload: edit.payload, headers: { ...edit.headers, cookie: a.cookie } }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'product_not_found' });
    }
    expect(await productRow(productOfB)).toEqual(before);
    expect(await ctx.db.outboxEvent.count({ where: { payload: { path: ['productId'], equals: productOfB } } })).toBe(0);
  });

  it('still lets a store change its own product', async () => {
    const res = await as(a.cookie, 'PATCH', `/api/product/${productOfA}`, { stock: 9 });
    expect(res.statusCode).toBe(200);
    expect((await productRow(productOfA)).stockQuantity).toBe(9);
  });

  it("shows each store only its own orders on the board", async () => {
    const boardA = (await as(a.cookie, 'GET', '/api/order/seller')).json();
    const boardB = (await as(b.cookie, 'GET', '/api/order/seller')).json();
    expect(boardA.orders.map((o: { _id: string }) => o._id)).toEqual([orderOfA]);
    expect(boardA.total).toBe(1);
    expect(boardB.orders.map((o: { _id: string }) => o._id)).toEqual([orderOfB]);
    expect(boardA.orders[0].seller).toEqual({ id: a.sellerId, storeName: 'Store A' });
  });

  it("answers 404 to a move of another store's order, and changes nothing", async () => {
    const res = await as(a.cookie, 'PUT', '/api/order/status', { orderId: orderOfB, status: 'Delivered' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'order_not_found' });
    const row = await ctx.db.order.findUniqueOrThrow({ where: { id: orderOfB }, include: { history: true } });
    expect(row).toMatchObject({ status: DbOrderStatus.ORDER_PLACED, version: 1 });
    expect(row.history).toHaveLength(1);

    const own = await as(a.cookie, 'PUT', '/api/order/status', { orderId: orderOfA, status: 'On The Way' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().order).toMatchObject({ status: 'On The Way', seller: { id: a.sellerId } });
  });
});
