import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createStore } from '../../helpers/factories';
import { sellerWithSession } from '../../helpers/live-helpers';
import { imageFile, images, multipart, postProduct, productData } from '../../helpers/seller-factories';

/**
 * Product forms with images are limited per store and hour: images stay on disk for the orders that show them, and
 * anyone can open a store (pending stores may add products), so one store must not be able to fill the disk.
 */
describe('upload limit per store', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestContext({ RATE_LIMIT_UPLOADS_PER_HOUR: '2' });
  });
  afterAll(() => ctx.close());

  const form = () => [{ name: 'productData', value: productData() }, imageFile(images.png())];
  const pendingStore = async () => sellerWithSession(ctx, (await createStore(ctx.db, { status: 'PENDING' })).id);
  const productsOf = (sellerId: string) => ctx.db.product.count({ where: { sellerId } });

  it('a store past its hourly forms gets a 429 and stores nothing; another store on the same address is not held back', async () => {
    const first = await pendingStore();
    for (let i = 0; i < 2; i++) expect((await postProduct(ctx, first.cookie, form())).statusCode).toBe(201);
    const refused = await postProduct(ctx, first.cookie, form());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await productsOf(first.sellerId)).toBe(2);

    // The edit form sends images too, and has a budget of its own.
    const product = await ctx.db.product.findFirstOrThrow({ where: { sellerId: first.sellerId } });
    const edit = () => {
      const body = multipart([{ name: 'productData', value: productData() }, imageFile(images.png())]);
      return ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, payload: body.payload, headers: { ...body.headers, cookie: first.cookie } });
    };
    for (let i = 0; i < 2; i++) expect((await edit()).statusCode).toBe(200);
    const imagesBefore = (await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).images;
    expect((await edit()).statusCode).toBe(429);
    expect((await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).images).toEqual(imagesBefore);

    const second = await pendingStore();
    expect((await postProduct(ctx, second.cookie, form())).statusCode).toBe(201);
  });
});
