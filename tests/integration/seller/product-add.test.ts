import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import {
  imageFile,
  images,
  loginSeller,
  multipart,
  outboxEvents,
  postProduct,
  productData,
  shopperCookie,
  uploadDirEntries,
} from '../../helpers/seller-factories';

/** A small limit keeps the oversize tests fast; the default is 5 MB. */
const MAX_IMAGE_BYTES = 64 * 1024;

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await buildTestContext({ MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES) });
  cookie = await loginSeller(ctx);
});
afterAll(() => ctx.close());

const data = (overrides: Record<string, unknown> = {}) => ({ name: 'productData', value: productData(overrides) });
const productCount = () => ctx.db.product.count();

/** The refusal contract: a clear 4xx, and neither a file nor a product row left behind. */
async function expectRefusedWithNothingStored(res: Awaited<ReturnType<typeof postProduct>>, status: number, message: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false });
  expect(res.json().message).toMatch(message);
  expect(await uploadDirEntries(ctx)).toEqual([]);
  expect(await productCount()).toBe(0);
}

describe('POST /api/product/add', () => {
  beforeEach(async () => {
    // Each test starts from an empty catalogue and an empty upload dir.
    await ctx.db.outboxEvent.deleteMany();
    await ctx.db.product.deleteMany();
    for (const name of await uploadDirEntries(ctx)) await rm(path.join(ctx.config.uploadDir, name));
  });

  it('creates the product with its images stored under random names and served with long cache headers', async () => {
    const png = images.png(3000);
    const jpeg = images.jpeg(5000);
    const res = await postProduct(ctx, cookie, [
      data({ description: 'Hand-picked from Ratnagiri/nNaturally ripened\nNo carbide ', stock: 25 }),
      imageFile(png, 'mango.png', 'image/png'),
      imageFile(jpeg, 'mango-2.jpg', 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(res.json()).toMatchObject({ success: true, message: 'Product added' });
    expect(product).toMatchObject({
      name: 'Alphonso Mango',
      category: 'Fruits',
      price: 499,
      offerPrice: 449,
      inStock: true,
      stock: 25,
      // Split on the form's literal '/n' and on real newlines, trimmed, empty lines dropped.
      description: ['Hand-picked from Ratnagiri', 'Naturally ripened', 'No carbide'],
    });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(product.images[1]).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);

    const served = await ctx.app.inject({ method: 'GET', url: product.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    // Only the two finished files: no temporary file is left.
    expect(await uploadDirEntries(ctx)).toEqual(product.images.map((u: string) => u.slice('/uploads/'.length)).sort());
  });

  it('announces the new product as stock.changed (added) in the outbox, and shoppers see it', async () => {
    // Warm the shoppers' cached list first: adding must invalidate it.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product/list' })).json().products).toHaveLength(0);
    const res = await postProduct(ctx, cookie, [data(), imageFile(images.webp(), 'x.webp', 'image/webp')]);
    expect(res.statusCode).toBe(201);
    const { _id } = res.json().product;
    expect(res.json().product.images[0]).toMatch(/\.webp$/);
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([{ productId: _id, reason: 'added' }]);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/product/list' })).json();
    expect(list.products.map((p: { _id: string }) => p._id)).toEqual([_id]);
  });

  it('takes the image type from the bytes, not the name or declared type', async () => {
    const res = await postProduct(ctx, cookie, [data(), imageFile(images.jpeg(), 'photo.gif', 'application/octet-stream')]);
    expect(res.statusCode).toBe(201);
    expect(res.json().product.images[0]).toMatch(/\.jpg$/);
  });

  it('starts a product with a counted stock of 0 out of stock', async () => {
    const res = await postProduct(ctx, cookie, [data({ stock: 0 }), imageFile(images.png())]);
    expect(res.json().product).toMatchObject({ inStock: false, stock: 0 });
  });

  it('accepts an image of exactly the size limit', async () => {
    const res = await postProduct(ctx, cookie, [data(), imageFile(images.png(MAX_IMAGE_BYTES))]);
    expect(res.statusCode).toBe(201);
  });

  it('stores nothing when the upload comes before login', async () => {
    const res = await postProduct(ctx, undefined, [data(), imageFile(images.png())]);
    await expectRefusedWithNothingStored(res, 401, /Seller login required/);
  });

  it('stores nothing for a shopper session', async () => {
    const shopper = await shopperCookie(ctx);
    const res = await postProduct(ctx, shopper.cookie, [data(), imageFile(images.png())]);
    await expectRefusedWithNothingStored(res, 401, /Seller login required/);
  });

  it('refuses a text file renamed .png', async () => {
    const res = await postProduct(ctx, cookie, [data(), imageFile(images.text(), 'tomato.png', 'image/png')]);
    await expectRefusedWithNothingStored(res, 415, /Images must be JPEG, PNG or WebP/);
  });

  it('refuses other real formats (a GIF) and tiny files', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    await expectRefusedWithNothingStored(await postProduct(ctx, cookie, [data(), imageFile(gif, 'a.gif', 'image/gif')]), 415, /JPEG, PNG or WebP/);
    const empty = Buffer.from([0xff, 0xd8]);
    await expectRefusedWithNothingStored(await postProduct(ctx, cookie, [data(), imageFile(empty)]), 415, /JPEG, PNG or WebP/);
  });

  it('refuses a fifth image', async () => {
    const five = Array.from({ length: 5 }, (_, i) => imageFile(images.png(), `p${i}.png`));
    const res = await postProduct(ctx, cookie, [data(), ...five]);
    await expectRefusedWithNothingStored(res, 413, /at most 4 images/);
  });

  it('refuses an image over the size limit with 413', async () => {
    const res = await postProduct(ctx, cookie, [data(), imageFile(images.png()), imageFile(images.jpeg(MAX_IMAGE_BYTES + 1))]);
    await expectRefusedWithNothingStored(res, 413, /at most 64 KB/);
  });

  it('leaves no file behind when two good images are followed by a bad one', async () => {
    const res = await postProduct(ctx, cookie, [
      data(),
      imageFile(images.png(20_000)),
      imageFile(images.jpeg(20_000)),
      imageFile(images.text(), 'three.webp', 'image/webp'),
    ]);
    await expectRefusedWithNothingStored(res, 415, /JPEG, PNG or WebP/);
  });

  it('leaves no file behind when good images come before invalid productData', async () => {
    const res = await postProduct(ctx, cookie, [imageFile(images.png()), imageFile(images.jpeg()), data({ price: 100, offerPrice: 150 })]);
    await expectRefusedWithNothingStored(res, 400, /Offer price cannot be more than the price/);
  });

  it('keeps client file names away from the file system (path traversal)', async () => {
    const outside = path.dirname(ctx.config.uploadDir);
    const before = await readdir(outside);
    const names = ['../../../../tmp/evil.png', '..\\..\\evil.png', '/etc/passwd', '.hidden.png'];
    const res = await postProduct(ctx, cookie, [data(), ...names.map((n) => imageFile(images.png(), n))]);
    expect(res.statusCode).toBe(201);
    const stored: string[] = res.json().product.images;
    for (const url of stored) expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(await uploadDirEntries(ctx)).toHaveLength(4);
    expect(await readdir(outside)).toEqual(before);
    expect(existsSync('/tmp/evil.png')).toBe(false);
    expect((await readFile('/etc/passwd', 'utf8')).length).toBeGreaterThan(0);
  });

  describe('refuses a bad form with 400 and a clear message', () => {
    const cases: [string, () => Parameters<typeof postProduct>[2], RegExp][] = [
      ['no image', () => [data()], /at least one product image/],
      ['no productData', () => [imageFile(images.png())], /productData is required/],
      ['productData that is not JSON', () => [{ name: 'productData', value: '{name:' }, imageFile(images.png())], /productData must be a JSON object/],
      ['a missing name', () => [data({ name: '  ' }), imageFile(images.png())], /Name is required/],
      ['a category off the list', () => [data({ category: 'Toys' }), imageFile(images.png())], /Category must be one of Vegetables, Fruits/],
      ['a zero price', () => [data({ price: 0 }), imageFile(images.png())], /Price must be more than 0/],
      ['a price with 3 decimals', () => [data({ price: 10.555, offerPrice: 5 }), imageFile(images.png())], /at most 2 decimals/],
      ['a negative stock', () => [data({ stock: -1 }), imageFile(images.png())], /Stock cannot be negative/],
      ['an unknown key', () => [data({ inStock: true }), imageFile(images.png())], /inStock/],
      ['an image in another field', () => [data(), { ...imageFile(images.png()), name: 'photo' }], /"images" field/],
      ['productData twice', () => [data(), data(), imageFile(images.png())], /only once/],
    ];
    it.each(cases)('%s', async (_name, entries, message) => {
      await expectRefusedWithNothingStored(await postProduct(ctx, cookie, entries()), 400, message);
    });
  });

  it('answers a body cut off mid-image with 400 and keeps none of the images already received', async () => {
    const form = multipart([data(), imageFile(images.png(30_000)), imageFile(images.png(30_000))]);
    for (const cut of [300, 45_000, form.payload.length - 10]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/product/add', headers: { ...form.headers, cookie }, payload: form.payload.subarray(0, cut) });
      await expectRefusedWithNothingStored(res, 400, /not a valid multipart form/);
    }
  });

  it('answers a JSON body with 415: the form must be multipart', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/product/add', headers: { cookie }, payload: { productData: productData() } });
    await expectRefusedWithNothingStored(res, 415, /multipart\/form-data/);
  });
});
