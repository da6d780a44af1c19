import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { openSocket, startTestWorkers } from '../../helpers/live-helpers';
import {
  addProduct,
  imageFile,
  images,
  loginSeller,
  multipart,
  outboxEvents,
  productData,
  shopperCookie,
  uploadDirEntries,
  type FormEntry,
} from '../../helpers/seller-factories';

let ctx: TestContext;
let cookie: string;
let baseUrl: string;
let stopWorkers: () => Promise<void>;
beforeAll(async () => {
  ctx = await buildTestContext();
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  await ctx.app.live.subscribed;
  stopWorkers = await startTestWorkers(ctx);
  cookie = await loginSeller(ctx);
});
afterAll(async () => {
  await stopWorkers();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.outboxEvent.deleteMany();
});

const put = (id: string, entries: FormEntry[], as: string | null = cookie) => {
  const form = multipart(entries);
  return ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, payload: form.payload, headers: { ...form.headers, ...(as ? { cookie: as } : {}) } });
};
const patch = (id: string, payload: Record<string, unknown>, as: string | null = cookie) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/product/${id}`, payload, headers: as ? { cookie: as } : {} });
const shopperView = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}` })).json().product;
const shopperIds = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/product/list' })).json().products.map((p: { _id: string }) => p._id) as string[];
const data = (overrides: Record<string, unknown>) => ({ name: 'productData', value: productData(overrides) });

describe('PUT /api/product/:id', () => {
  it('replaces name, description, category, prices and stock, keeps chosen images and adds new ones', async () => {
    const product = await addProduct(ctx, cookie, { stock: 3 });
    await ctx.db.outboxEvent.deleteMany();
    const res = await put(product._id, [
      data({ name: 'Kesar Mango', description: 'From Junagadh/nSweet', category: 'Fruits', price: 525.5, offerPrice: 480.25, stock: 40, images: product.images }),
      imageFile(images.jpeg(), 'side.jpg', 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(200);
    const edited = res.json().product;
    expect(res.json()).toMatchObject({ success: true, message: 'Product updated' });
    expect(edited).toMatchObject({ _id: product._id, name: 'Kesar Mango', description: ['From Junagadh', 'Sweet'], price: 525.5, offerPrice: 480.25, stock: 40, inStock: true });
    expect(edited.images).toHaveLength(2);
    expect(edited.images[0]).toBe(product.images[0]);
    expect(edited.images[1]).toMatch(/^\/uploads\/.+\.jpg$/);
    expect(await shopperView(product._id)).toMatchObject({ name: 'Kesar Mango', offerPrice: 480.25 });
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([{ productId: product._id, reason: 'edited' }]);
  });

  it('drops images left out of the kept list, and refuses to keep an image the product does not have', async () => {
    const product = await addProduct(ctx, cookie);
    const replaced = await put(product._id, [data({ images: [] }), imageFile(images.png(), 'new.png')]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().product.images).toHaveLength(1);
    expect(replaced.json().product.images[0]).not.toBe(product.images[0]);

    const before = await uploadDirEntries(ctx);
    const foreign = await put(product._id, [data({ images: ['/uploads/someone-else.png'] }), imageFile(images.png(), 'x.png')]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/Keep only images the product already has/);
    expect(await uploadDirEntries(ctx)).toEqual(before);
  });

  it('refuses an edit that would leave no image or more than four, storing nothing', async () => {
    const product = await addProduct(ctx, cookie);
    const before = await uploadDirEntries(ctx);
    const none = await put(product._id, [data({ images: [] })]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Add at least one product image');
    const five = await put(product._id, [data({ images: product.images }), ...[1, 2, 3, 4].map(() => imageFile(images.png()))]);
    expect(five.statusCode).toBe(413);
    expect(await uploadDirEntries(ctx)).toEqual(before);
    expect((await shopperView(product._id)).images).toEqual(product.images);
  });

  it('answers bad data with 400, a visitor or shopper with 401, an unknown product with 404, changing nothing', async () => {
    const product = await addProduct(ctx, cookie);
    await ctx.db.outboxEvent.deleteMany();
    const bad = await put(product._id, [data({ price: 10, offerPrice: 20, images: product.images })]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Offer price cannot be more than the price/);
    expect((await put(product._id, [data({ images: product.images })], null)).statusCode).toBe(401);
    expect((await put(product._id, [data({ images: product.images })], (await shopperCookie(ctx)).cookie)).statusCode).toBe(401);
    expect((await put(randomUUID(), [data({ images: [] }), imageFile(images.png())])).statusCode).toBe(404);
    expect((await shopperView(product._id)).price).toBe(499);
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([]);
  });
});

describe('PATCH /api/product/:id', () => {
  it('restocks a sold-out product: it is back on the shopper list', async () => {
    const product = await addProduct(ctx, cookie, { stock: 0 });
    expect(product.inStock).toBe(false);
    expect(await shopperIds()).not.toContain(product._id);
    const res = await patch(product._id, { stock: 24 });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ stock: 24, inStock: true });
    expect(await shopperIds()).toContain(product._id);
  });

  it('setting the stock to 0 takes the product off sale; a product the seller took off sale stays off when counted', async () => {
    const product = await addProduct(ctx, cookie, { stock: 5 });
    expect((await patch(product._id, { stock: 0 })).json().product).toMatchObject({ stock: 0, inStock: false });
    const other = await addProduct(ctx, cookie, { stock: 5 });
    await ctx.app.inject({ method: 'POST', url: '/api/product/stock', headers: { cookie }, payload: { id: other._id, inStock: false } });
    expect((await patch(other._id, { stock: 9 })).json().product).toMatchObject({ stock: 9, inStock: false });
  });

  it('changes only the fields sent, checking the offer price against the stored price', async () => {
    const product = await addProduct(ctx, cookie, { stock: 5 });
    const res = await patch(product._id, { offerPrice: 420.5 });
    expect(res.json().product).toMatchObject({ name: 'Alphonso Mango', price: 499, offerPrice: 420.5, stock: 5, description: ['Sweet', 'Ripe'] });
    const above = await patch(product._id, { offerPrice: 500 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe('Offer price cannot be more than the price');
    expect((await shopperView(product._id)).offerPrice).toBe(420.5);
  });

  it('answers bad input with 400 and no session with 401', async () => {
    const product = await addProduct(ctx, cookie);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /at least one field/],
      [{ stock: -1 }, /Stock cannot be negative/],
      [{ price: 'cheap' }, /Price must be a number/],
      [{ category: 'Toys' }, /Category must be one of/],
      [{ inStock: true }, /Unrecognized key/i],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(product._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await patch(product._id, { stock: 3 }, null)).statusCode).toBe(401);
    expect((await patch(randomUUID(), { stock: 3 })).statusCode).toBe(404);
  });

  it('reaches an open shopper page live', async () => {
    const product = await addProduct(ctx, cookie, { stock: 0 });
    const visitor = await openSocket(baseUrl);
    await patch(product._id, { stock: 12, name: 'Restocked Mango' });
    const message = (await visitor.next((m: WsMessage) => m.type === 'product.updated' && m.product._id === product._id && m.product.inStock)) as Extract<WsMessage, { type: 'product.updated' }>;
    expect(message.product).toMatchObject({ name: 'Restocked Mango', stock: 12 });
    visitor.close();
  });
});
