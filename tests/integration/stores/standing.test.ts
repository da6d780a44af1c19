import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, registerUser } from '../../helpers/factories';
import { insertOrderRow } from '../../helpers/order-rows';
import { imageFile, images, loginSeller, postProduct, productData } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

/** What a store's standing means for shoppers and for the store itself. */
describe('store standing', () => {
  let ctx: TestContext;
  let operator: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    operator = await loginSeller(ctx);
  });
  afterAll(() => ctx.close());

  const listed = async (query = '') => (await ctx.app.inject(`/api/product/list${query}`)).json().products.map((p: { _id: string }) => p._id) as string[];
  const page = async (id: string) => (await ctx.app.inject(`/api/product/${id}`)).statusCode;
  const setStatus = (id: string, body: object) => ctx.app.inject({ method: 'PUT', url: `/api/admin/sellers/${id}/status`, headers: { cookie: operator }, payload: body });
  const putInCart = async (productId: string) => {
    const shopper = await registerUser(ctx.app);
    return ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie }, payload: { cartItems: { [productId]: 1 } } });
  };
  const isAuth = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/seller/is-auth', headers: { cookie } })).json();
  const addProduct = (cookie: string) => postProduct(ctx, cookie, [{ name: 'productData', value: productData() }, imageFile(images.png())]);

  it("keeps a pending store's products out of the catalogue, the product page and carts", async () => {
    const pending = await storeWithSession(ctx, { status: 'PENDING' });
    const product = await createProduct(ctx.db, { sellerId: pending.sellerId });
    expect(await listed()).not.toContain(product.id);
    expect(await listed(`?seller=${pending.sellerId}`)).toEqual([]);
    expect(await page(product.id)).toBe(404);
    const cart = await putInCart(product.id);
    expect(cart.statusCode).toBe(400);
    expect(cart.json().details.invalid).toEqual([{ productId: product.id, reason: 'unknown product' }]);

    // Approved: it sells, and its products are announced to shoppers' open pages.
    expect((await setStatus(pending.sellerId, { status: 'approved' })).statusCode).toBe(200);
    expect(await listed()).toContain(product.id);
    expect(await page(product.id)).toBe(200);
    expect((await putInCart(product.id)).statusCode).toBe(200);
    const announced = await ctx.db.outboxEvent.findMany({ where: { type: 'stock.changed', payload: { path: ['productId'], equals: product.id } } });
    expect(announced.map((e) => e.payload)).toEqual([{ productId: product.id, reason: 'updated' }]);
  });

  it('filters the catalogue by store with ?seller=', async () => {
    const one = await storeWithSession(ctx);
    const two = await storeWithSession(ctx);
    const p1 = await createProduct(ctx.db, { sellerId: one.sellerId });
    await createProduct(ctx.db, { sellerId: two.sellerId });
    expect(await listed(`?seller=${one.sellerId}`)).toEqual([p1.id]);
    expect((await ctx.app.inject('/api/product/list?seller=nope')).statusCode).toBe(400);
  });

  it('lets a rejected store sign in and read why, but not add products (403)', async () => {
    const rejected = await storeWithSession(ctx, { status: 'PENDING' });
    await setStatus(rejected.sellerId, { status: 'rejected', reason: 'No GST registration was given' });
    expect(await isAuth(rejected.cookie)).toMatchObject({ success: true, seller: { status: 'rejected', statusReason: 'No GST registration was given' } });
    const before = await ctx.db.product.count({ where: { sellerId: rejected.sellerId } });
    const res = await addProduct(rejected.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'forbidden', message: expect.stringMatching(/rejected/) });
    expect(await ctx.db.product.count({ where: { sellerId: rejected.sellerId } })).toBe(before);
  });

  it('takes a suspended store off sale at once (announcing each product removed), keeps its orders serviceable, and brings it back on approval', async () => {
    const store = await storeWithSession(ctx, { storeName: 'Suspended Soon' });
    const [p1, p2] = [await createProduct(ctx.db, { sellerId: store.sellerId }), await createProduct(ctx.db, { sellerId: store.sellerId })];
    const gone = await createProduct(ctx.db, { sellerId: store.sellerId, deletedAt: new Date() });
    const shopper = await registerUser(ctx.app);
    const order = await insertOrderRow(ctx.db, { userId: shopper.user._id, sellerId: store.sellerId, productId: p1.id });
    expect(await listed()).toEqual(expect.arrayContaining([p1.id, p2.id]));

    const res = await setStatus(store.sellerId, { status: 'suspended', reason: 'Repeated late deliveries' });
    expect(res.statusCode).toBe(200);
    // This process's cached catalogue is dropped with the change.
    expect(await listed()).not.toContain(p1.id);
    expect(await listed()).not.toContain(p2.id);
    expect(await page(p1.id)).toBe(404);
    const removed = await ctx.db.outboxEvent.findMany({ where: { type: 'product.removed' } });
    const removedIds = removed.map((e) => (e.payload as { productId: string }).productId);
    expect(removedIds).toEqual(expect.arrayContaining([p1.id, p2.id]));
    expect(removedIds).not.toContain(gone.id);
    expect(await isAuth(store.cookie)).toMatchObject({ seller: { status: 'suspended', statusReason: 'Repeated late deliveries' } });

    // Its open orders still move, on its own board.
    const board = (await ctx.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: store.cookie } })).json();
    expect(board.orders.map((o: { _id: string }) => o._id)).toEqual([order.id]);
    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: store.cookie }, payload: { orderId: order.id, status: 'On The Way' } });
    expect(moved.statusCode, moved.body).toBe(200);

    await setStatus(store.sellerId, { status: 'approved' });
    expect(await listed()).toEqual(expect.arrayContaining([p1.id, p2.id]));
    expect(await listed()).not.toContain(gone.id);
  });
});
