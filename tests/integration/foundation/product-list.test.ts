import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, type DemoProduct } from '../../../prisma/seed/catalog-data';
import { seedDemoCatalog } from '../../../prisma/seed/seed-catalog';
import { buildTestContext, type TestContext } from '../../helpers/build-app';

type Listed = { _id: string; name: string; category: string; description: string[]; price: number; offerPrice: number; images: string[]; inStock: boolean };
type ListReply = { success: boolean; products: Listed[]; total: number; page: number; limit: number | null };

describe('GET /api/product/list', () => {
  let ctx: TestContext;
  const outOfStock = demoCatalog[1]!;
  const deleted = demoCatalog[5]!;
  /** What shoppers should see: the seeded catalogue, in its order, minus the hidden two. */
  const visible = demoCatalog.filter((p) => p !== outOfStock && p !== deleted);

  async function list(query = ''): Promise<ListReply> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/product/list${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    ctx = await buildTestContext();
    await seedDemoCatalog(ctx.db, ctx.config);
    await ctx.db.product.updateMany({ where: { name: outOfStock.name }, data: { inStock: false } });
    await ctx.db.product.updateMany({ where: { name: deleted.name }, data: { deletedAt: new Date() } });
    ctx.services.catalog.invalidate();
  });
  afterAll(() => ctx.close());

  it('returns exactly the seeded in-stock, non-deleted products, oldest first', async () => {
    const body = await list();
    expect(body.success).toBe(true);
    expect(body.products.map((p) => p.name)).toEqual(visible.map((p) => p.name));
    expect(body.total).toBe(visible.length);
  });

  it("answers in the public shape, prices in rupees", async () => {
    const { products } = await list();
    const byName = new Map<string, DemoProduct>(demoCatalog.map((p) => [p.name, p]));
    for (const p of products) {
      const seeded = byName.get(p.name)!;
      expect(p).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: seeded.name,
        category: seeded.category,
        description: seeded.description,
        price: seeded.price,
        offerPrice: seeded.offerPrice,
        images: [`/catalog-images/${seeded.image}`],
        inStock: true,
      });
    }
    // At least one price with paise, so rupees-with-decimals is really exercised.
    expect(products.some((p) => !Number.isInteger(p.price) || !Number.isInteger(p.offerPrice))).toBe(true);
  });

  it('hides an out-of-stock product and a deleted one, whatever the filter', async () => {
    for (const hidden of [outOfStock, deleted]) {
      const { products, total } = await list(`?search=${encodeURIComponent(hidden.name)}`);
      expect(products.map((p) => p.name)).not.toContain(hidden.name);
      expect(total).toBe(products.length);
      const inCategory = await list(`?category=${hidden.category}`);
      expect(inCategory.products.map((p) => p.name)).not.toContain(hidden.name);
    }
  });

  it('searches names case-insensitively', async () => {
    const term = visible[0]!.name.split(' ')[0]!;
    const expected = visible.filter((p) => p.name.toLowerCase().includes(term.toLowerCase())).map((p) => p.name);
    expect(expected.length).toBeGreaterThan(0);
    for (const variant of [term.toUpperCase(), term.toLowerCase()]) {
      const { products, total } = await list(`?search=${encodeURIComponent(variant)}`);
      expect(products.map((p) => p.name)).toEqual(expected);
      expect(total).toBe(expected.length);
    }
    expect((await list('?search=no-such-product-anywhere')).products).toEqual([]);
  });

  it('filters by category', async () => {
    const expected = visible.filter((p) => p.category === 'Fruits').map((p) => p.name);
    const { products, total } = await list('?category=Fruits');
    expect(products.map((p) => p.name)).toEqual(expected);
    expect(products.every((p) => p.category === 'Fruits')).toBe(true);
    expect(total).toBe(expected.length);
  });

  it('paginates with page and limit, and reports the total', async () => {
    const page2 = await list('?page=2&limit=10');
    expect(page2).toMatchObject({ page: 2, limit: 10, total: visible.length });
    expect(page2.products.map((p) => p.name)).toEqual(visible.slice(10, 20).map((p) => p.name));
    const lastPage = Math.ceil(visible.length / 10);
    const last = await list(`?page=${lastPage}&limit=10`);
    expect(last.products.map((p) => p.name)).toEqual(visible.slice((lastPage - 1) * 10).map((p) => p.name));
    expect((await list(`?page=${lastPage + 1}&limit=10`)).products).toEqual([]);
  });

  it('answers a filtered list again from memory until a product changes, then reads it afresh', async () => {
    const fruit = visible.find((p) => p.category === 'Fruits')!;
    const before = await list('?category=Fruits');
    expect(before.products.map((p) => p.name)).toContain(fruit.name);
    await ctx.db.product.updateMany({ where: { name: fruit.name }, data: { inStock: false } });
    // No product event yet: the kept answer is served (a direct database write is not one the API announces).
    expect((await list('?category=Fruits')).products.map((p) => p.name)).toContain(fruit.name);
    ctx.services.catalog.invalidate();
    expect((await list('?category=Fruits')).products.map((p) => p.name)).not.toContain(fruit.name);
    await ctx.db.product.updateMany({ where: { name: fruit.name }, data: { inStock: true } });
    ctx.services.catalog.invalidate();
    expect((await list('?category=Fruits')).products.map((p) => p.name)).toContain(fruit.name);
  });

  it('compresses a filtered list as it does the whole one, once per kept answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/list?category=Fruits', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/product/list?category=Fruits', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('rejects a bad page or limit with a 400', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?page=0&limit=5', '?limit=100000']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/product/list${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});
