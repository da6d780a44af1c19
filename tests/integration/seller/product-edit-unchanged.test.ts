import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { addProduct, multipart, productData } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

/**
 * A save that changes nothing writes nothing: every product write is announced to every open page and clears the
 * catalogue cache of every API process, and any store may send them, even one still waiting for approval.
 */
describe('an edit that changes nothing', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    cookie = (await storeWithSession(ctx, { status: 'PENDING' })).cookie;
  });
  afterAll(() => ctx.close());

  const patch = (id: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: `/api/product/${id}`, payload, headers: { cookie } });
  const put = (id: string, overrides: Record<string, unknown>) => {
    const form = multipart([{ name: 'productData', value: productData(overrides) }]);
    return ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, payload: form.payload, headers: { ...form.headers, cookie } });
  };
  const row = (id: string) => ctx.db.product.findUniqueOrThrow({ where: { id }, select: { name: true, stockQuantity: true, version: true, updatedAt: true } });
  const events = () => ctx.db.outboxEvent.findMany({ select: { type: true, payload: true } });
  /**
   * A shopper list read, so the catalogue holds a cached body an edit would drop; and the outbox emptied of the
   * product's creation, so what is left is what the edit queued.
   */
  const cachedList = async () => {
    await ctx.db.outboxEvent.deleteMany();
    await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    const body = ctx.services.catalog.cachedListJson({});
    expect(body).toBeDefined();
    return body;
  };

  it('PATCH with the values the product already has answers the product as it is, and writes, queues and clears nothing', async () => {
    const product = await addProduct(ctx, cookie, { stock: 7 });
    const before = await row(product._id);
    const list = await cachedList();

    for (const body of [{ name: 'Alphonso Mango' }, { stock: 7, stockSeen: 7 }, { name: 'Alphonso Mango', price: 499, offerPrice: 449, category: 'Fruits', description: ['Sweet', 'Ripe'] }]) {
      const res = await patch(product._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Product updated', product: { ...product, version: before.version } });
    }

    expect(await row(product._id)).toEqual(before);
    expect(await events()).toEqual([]);
    expect(ctx.services.catalog.cachedListJson({})).toBe(list);
  });

  it('PUT of the edit form with the product as it is (same images, no new file) writes nothing either', async () => {
    const product = await addProduct(ctx, cookie, { stock: 3 });
    const before = await row(product._id);
    const list = await cachedList();

    const res = await put(product._id, { stock: 3, stockSeen: 3, images: product.images });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toEqual({ ...product, version: before.version });

    expect(await row(product._id)).toEqual(before);
    expect(await events()).toEqual([]);
    expect(ctx.services.catalog.cachedListJson({})).toBe(list);
  });

  it('still writes and announces an edit that changes one field among unchanged ones', async () => {
    const product = await addProduct(ctx, cookie, { stock: 7 });
    const before = await row(product._id);
    await cachedList();

    const res = await patch(product._id, { name: 'Alphonso Mango', offerPrice: 399 });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ offerPrice: 399, version: before.version + 1 });
    expect((await row(product._id)).version).toBe(before.version + 1);
    expect(await events()).toEqual([{ type: 'stock.changed', payload: { productId: product._id, reason: 'edited' } }]);
    expect(ctx.services.catalog.cachedListJson({})).toBeUndefined();
  });
});
