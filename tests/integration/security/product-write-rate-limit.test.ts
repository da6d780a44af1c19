import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_WRITES_PER_MINUTE } from '../../../server/plugins/rate-limits';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { addProduct, imageFile, images, multipart, postProduct, productData } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

/**
 * Product changes are limited per store and minute, all write routes together: each one is broadcast to every open
 * page and clears the catalogue cache of every API process, and any store may send them, even a pending one.
 */
describe('product change limit per store', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const as = (cookie: string) => ({
    patch: (id: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: `/api/product/${id}`, payload, headers: { cookie } }),
    stock: (id: string, inStock: boolean) => ctx.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id, inStock }, headers: { cookie } }),
    remove: (id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/product/${id}/delete`, headers: { cookie } }),
    put: (id: string, overrides: Record<string, unknown>) => {
      const form = multipart([{ name: 'productData', value: productData(overrides) }]);
      return ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, payload: form.payload, headers: { ...form.headers, cookie } });
    },
    add: () => postProduct(ctx, cookie, [{ name: 'productData', value: productData() }, imageFile(images.png())]),
    get: (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } }),
  });

  it('answers 429 with a clear message once a store has used its budget on any mix of write routes, and its reads still work', async () => {
    const store = await storeWithSession(ctx, { status: 'PENDING' });
    const seller = as(store.cookie);

    // Every write route counts against the same budget: 2 adds, an edit form, a stock switch and a delete ...
    const kept = await addProduct(ctx, store.cookie, { stock: 1 });
    const dropped = await addProduct(ctx, store.cookie);
    expect((await seller.put(kept._id, { name: 'Kesar Mango', images: kept.images })).statusCode).toBe(200);
    expect((await seller.stock(dropped._id, false)).statusCode).toBe(200);
    expect((await seller.remove(dropped._id)).statusCode).toBe(200);
    // ... and restocks, one after the other as a seller would, up to the budget.
    for (let stock = 2; stock <= PRODUCT_WRITES_PER_MINUTE - 4; stock++) {
      const res = await seller.patch(kept._id, { stock });
      expect(res.statusCode, `write ${stock + 4}: ${res.body}`).toBe(200);
    }
    const before = await ctx.db.product.findUniqueOrThrow({ where: { id: kept._id } });
    expect(before).toMatchObject({ name: 'Kesar Mango', stockQuantity: PRODUCT_WRITES_PER_MINUTE - 4 });
    const events = await ctx.db.outboxEvent.count();

    const refused = await seller.patch(kept._id, { stock: 500 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many product changes from this store\. Try again in \d+ seconds?\.$/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Every other write route is refused too, and nothing is written or queued.
    const others = [await seller.add(), await seller.put(kept._id, { name: 'Other Mango', images: kept.images }), await seller.stock(kept._id, false), await seller.remove(kept._id)];
    expect(others.map((r) => r.statusCode)).toEqual([429, 429, 429, 429]);
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: kept._id } })).toEqual(before);
    expect(await ctx.db.product.count({ where: { sellerId: store.sellerId } })).toBe(2);
    expect(await ctx.db.outboxEvent.count()).toBe(events);

    // Reads are not limited: the seller area still loads.
    const list = await seller.get('/api/product/seller-list');
    expect(list.statusCode).toBe(200);
    expect(list.json().products.map((p: { _id: string; stock: number }) => [p._id, p.stock])).toEqual([[kept._id, PRODUCT_WRITES_PER_MINUTE - 4]]);
    expect((await seller.get('/api/seller/is-auth')).json()).toMatchObject({ success: true });

    // The budget is the store's: another store (from the same address) still changes its products.
    const other = await storeWithSession(ctx, { status: 'PENDING' });
    const its = await addProduct(ctx, other.cookie);
    expect((await as(other.cookie).patch(its._id, { stock: 9 })).statusCode).toBe(200);
  });

  it('counts in Redis under the deployment prefix, one key per store for every write route', async () => {
    const store = await storeWithSession(ctx);
    const product = await addProduct(ctx, store.cookie);
    await as(store.cookie).patch(product._id, { stock: 4 });
    const keys = await ctx.redis.keys(`${ctx.prefix}:rate:*product-writes:store:${store.sellerId}`);
    expect(keys).toHaveLength(1);
    expect(await ctx.redis.get(keys[0]!)).toBe('2');
  });
});

describe('product change limit with Redis down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => ctx.close());

  it('lets the store’s changes through at once rather than failing them', async () => {
    const store = await storeWithSession(ctx, { status: 'PENDING' });
    const product = await addProduct(ctx, store.cookie);
    const started = Date.now();
    for (let stock = 1; stock <= PRODUCT_WRITES_PER_MINUTE + 1; stock++) {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/api/product/${product._id}`, payload: { stock }, headers: { cookie: store.cookie } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
