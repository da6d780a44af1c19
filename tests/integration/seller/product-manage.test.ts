import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { addProduct, loginSeller, outboxEvents } from '../../helpers/seller-factories';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await buildTestContext();
  cookie = await loginSeller(ctx);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.outboxEvent.deleteMany();
});

const setStock = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/product/stock', headers: { cookie }, payload });
const remove = (id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/product/${id}/delete`, headers: { cookie } });
const shopperIds = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/product/list' })).json().products.map((p: { _id: string }) => p._id) as string[];
const sellerList = async (query = '') => (await ctx.app.inject({ method: 'GET', url: `/api/product/seller-list${query}`, headers: { cookie } })).json();

describe('POST /api/product/stock', () => {
  it('takes a product out of stock and back, announcing each flip; shoppers stop and start seeing it', async () => {
    const product = await addProduct(ctx, cookie);
    expect(await shopperIds()).toContain(product._id);
    await ctx.db.outboxEvent.deleteMany();

    const off = await setStock({ id: product._id, inStock: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: 'Stock updated', product: { _id: product._id, inStock: false } });
    expect(await shopperIds()).not.toContain(product._id);

    const on = await setStock({ id: product._id, inStock: true });
    expect(on.json().product.inStock).toBe(true);
    expect(await shopperIds()).toContain(product._id);
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([
      { productId: product._id, reason: 'toggled' },
      { productId: product._id, reason: 'toggled' },
    ]);
  });

  it('sets a counted quantity, and null stops counting', async () => {
    const product = await addProduct(ctx, cookie);
    await ctx.db.outboxEvent.deleteMany();
    const counted = await setStock({ id: product._id, inStock: true, stock: 12 });
    expect(counted.json().product).toMatchObject({ inStock: true, stock: 12 });
    const uncounted = await setStock({ id: product._id, inStock: true, stock: null });
    expect(uncounted.json().product).toMatchObject({ inStock: true, stock: null });
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([
      { productId: product._id, reason: 'updated' },
      { productId: product._id, reason: 'updated' },
    ]);
  });

  it('changes nothing and announces nothing when the product is already in that state', async () => {
    const product = await addProduct(ctx, cookie);
    await ctx.db.outboxEvent.deleteMany();
    const res = await setStock({ id: product._id, inStock: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.inStock).toBe(true);
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([]);
  });

  it('refuses to put a product with 0 units back in stock without a new quantity (409)', async () => {
    const product = await addProduct(ctx, cookie, { stock: 0 });
    const res = await setStock({ id: product._id, inStock: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/0 units left: give a stock quantity above 0/);
    const restocked = await setStock({ id: product._id, inStock: true, stock: 5 });
    expect(restocked.json().product).toMatchObject({ inStock: true, stock: 5 });
  });

  it('answers bad input with 400', async () => {
    const product = await addProduct(ctx, cookie);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ id: product._id, inStock: true, stock: 0 }, /0 units left cannot be in stock/],
      [{ id: product._id, inStock: 'yes' }, /inStock must be true or false/],
      [{ id: product._id, inStock: false, stock: 1.5 }, /Stock must be a whole number/],
      [{ id: 'not-a-uuid', inStock: false }, /valid id/],
      [{ id: product._id }, /inStock must be true or false/],
    ];
    for (const [payload, message] of cases) {
      const res = await setStock(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers an unknown or deleted product with 404', async () => {
    expect((await setStock({ id: randomUUID(), inStock: false })).statusCode).toBe(404);
    const product = await addProduct(ctx, cookie);
    await remove(product._id);
    const res = await setStock({ id: product._id, inStock: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });
});

describe('DELETE /api/product/:id/delete', () => {
  it('hides the product from shoppers and the seller list, keeps the row for order history, and announces it', async () => {
    const product = await addProduct(ctx, cookie);
    const res = await remove(product._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Product deleted' });

    expect(await shopperIds()).not.toContain(product._id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product/${product._id}` })).statusCode).toBe(404);
    expect(sellerListIds(await sellerList())).not.toContain(product._id);
    const row = await ctx.db.product.findUniqueOrThrow({ where: { id: product._id } });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await outboxEvents(ctx, 'product.removed')).toEqual([{ productId: product._id }]);
  });

  it('answers an unknown id, and a second delete, with 404', async () => {
    expect((await remove(randomUUID())).statusCode).toBe(404);
    const product = await addProduct(ctx, cookie);
    expect((await remove(product._id)).statusCode).toBe(200);
    const again = await remove(product._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: 'Product not found' });
    expect(await outboxEvents(ctx, 'product.removed')).toHaveLength(1);
  });

  it('answers a malformed id with 400', async () => {
    expect((await remove('not-a-uuid')).statusCode).toBe(400);
  });
});

const sellerListIds = (body: { products: { _id: string }[] }) => body.products.map((p) => p._id);

describe('GET /api/product/seller-list', () => {
  it('lists every product that is not deleted, out of stock ones included, newest first', async () => {
    await ctx.db.product.updateMany({ data: { deletedAt: new Date() } });
    const first = await addProduct(ctx, cookie, { name: 'Basmati Rice', category: 'Grains' });
    const soldOut = await addProduct(ctx, cookie, { name: 'Paneer', category: 'Dairy', stock: 0 });
    const hidden = await addProduct(ctx, cookie, { name: 'Curd', category: 'Dairy' });
    await setStock({ id: hidden._id, inStock: false });
    const deleted = await addProduct(ctx, cookie, { name: 'Cola', category: 'Drinks' });
    await remove(deleted._id);

    const body = await sellerList();
    expect(body).toMatchObject({ success: true, total: 3 });
    expect(sellerListIds(body)).toEqual([hidden._id, soldOut._id, first._id]);
    expect(body.products[0]).toMatchObject({ name: 'Curd', inStock: false });
    expect(await shopperIds()).toEqual([first._id]);
  });

  it('filters by category and search and pages with a total', async () => {
    const dairy = await sellerList('?category=dairy');
    expect(dairy.products.map((p: { name: string }) => p.name)).toEqual(['Curd', 'Paneer']);
    expect((await sellerList('?search=PAN')).products.map((p: { name: string }) => p.name)).toEqual(['Paneer']);
    // The category is text, not a pattern.
    for (const category of ['%25', 'dair_', '%5C']) expect((await sellerList(`?category=${category}`)).products).toEqual([]);
    const page2 = await sellerList('?limit=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.products.map((p: { name: string }) => p.name)).toEqual(['Basmati Rice']);
  });

  it('answers a bad page size with 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/seller-list?limit=0', headers: { cookie } });
    expect(res.statusCode).toBe(400);
  });
});
