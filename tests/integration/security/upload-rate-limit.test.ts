import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { UNAPPROVED_STORE_UPLOADS_PER_HOUR } from '../../../server/plugins/rate-limits';
import { createProduct } from '../../helpers/factories';
import { imageFile, images, loginSeller, multipart, postProduct, productData, uploadDirEntries } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

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
  const pendingStore = () => storeWithSession(ctx, { status: 'PENDING' });
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

/**
 * A store that is not approved has a much smaller upload budget than an approved one: anyone can open a store and
 * upload before the operator has looked at it. Counted on the real default budget (RATE_LIMIT_UPLOADS_PER_HOUR unset).
 */
describe('upload limit of stores that are not approved', () => {
  let ctx: TestContext;
  let operator: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    operator = await loginSeller(ctx);
  });
  afterAll(() => ctx.close());

  const form = () => [{ name: 'productData', value: productData() }, imageFile(images.png())];
  const storeWith = (status: 'PENDING' | 'APPROVED' | 'SUSPENDED') => storeWithSession(ctx, { status });
  const edit = (cookie: string, id: string) => {
    const body = multipart(form());
    return ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, payload: body.payload, headers: { ...body.headers, cookie } });
  };

  it(`lets a pending store send ${UNAPPROVED_STORE_UPLOADS_PER_HOUR} forms an hour, then says why it stops and stores nothing; approval lifts it at once`, async () => {
    expect(UNAPPROVED_STORE_UPLOADS_PER_HOUR).toBeLessThan(ctx.config.rateLimits.uploadsPerHour);
    const pending = await storeWith('PENDING');
    for (let i = 0; i < UNAPPROVED_STORE_UPLOADS_PER_HOUR; i++) {
      const res = await postProduct(ctx, pending.cookie, form());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-ratelimit-limit']).toBe(String(UNAPPROVED_STORE_UPLOADS_PER_HOUR));
    }
    const files = await uploadDirEntries(ctx);

    const refused = await postProduct(ctx, pending.cookie, form());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'rate_limited',
      message: expect.stringMatching(
        new RegExp(`^Your store can save ${UNAPPROVED_STORE_UPLOADS_PER_HOUR} product forms with images an hour until FreshCart approves it\\. Try again in \\d+ minutes?\\.$`),
      ),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.db.product.count({ where: { sellerId: pending.sellerId } })).toBe(UNAPPROVED_STORE_UPLOADS_PER_HOUR);
    expect(await uploadDirEntries(ctx)).toEqual(files);

    // The operator's approval gives the approved budget to the very next form, counting what was already sent.
    const approval = await ctx.app.inject({ method: 'PUT', url: `/api/admin/sellers/${pending.sellerId}/status`, headers: { cookie: operator }, payload: { status: 'approved' } });
    expect(approval.statusCode, approval.body).toBe(200);
    const after = await postProduct(ctx, pending.cookie, form());
    expect(after.statusCode, after.body).toBe(201);
    expect(after.headers['x-ratelimit-limit']).toBe(String(ctx.config.rateLimits.uploadsPerHour));
    expect(after.headers['x-ratelimit-remaining']).toBe(String(ctx.config.rateLimits.uploadsPerHour - UNAPPROVED_STORE_UPLOADS_PER_HOUR - 2));
  });

  it("gives the edit form of a store that is not approved the smaller budget too, and leaves an approved store's budget as it was", async () => {
    const suspended = await storeWith('SUSPENDED');
    const its = await createProduct(ctx.db, { sellerId: suspended.sellerId });
    const editing = await edit(suspended.cookie, its.id);
    expect(editing.statusCode, editing.body).toBe(200);
    expect(editing.headers['x-ratelimit-limit']).toBe(String(UNAPPROVED_STORE_UPLOADS_PER_HOUR));

    const approved = await storeWith('APPROVED');
    for (let i = 0; i <= UNAPPROVED_STORE_UPLOADS_PER_HOUR; i++) {
      const res = await postProduct(ctx, approved.cookie, form());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-ratelimit-limit']).toBe(String(ctx.config.rateLimits.uploadsPerHour));
    }
  });
});
