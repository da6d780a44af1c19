import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';

describe('the shopper catalogue', () => {
  let ctx: TestContext;
  let ids: Record<'mango' | 'apple' | 'milk' | 'bread' | 'soldOut' | 'deleted', string>;

  beforeAll(async () => {
    ctx = await buildTestContext();
    // Created one after another so "oldest first" has a well-defined order.
    const mango = await createProduct(ctx.db, { name: 'Alphonso Mango', category: 'Fruits', pricePaise: 25_000, offerPricePaise: 19_950, description: ['Ratnagiri', 'Sweet'] });
    const apple = await createProduct(ctx.db, { name: 'Green Apple', category: 'Fruits' });
    const milk = await createProduct(ctx.db, { name: 'Toned Milk 500ml', category: 'Dairy', pricePaise: 3_000, offerPricePaise: 2_800 });
    const bread = await createProduct(ctx.db, { name: 'Brown Bread', category: 'Bakery', stockQuantity: 7 });
    const soldOut = await createProduct(ctx.db, { name: 'Apple Juice', category: 'Drinks', inStock: false, stockQuantity: 0 });
    const deleted = await createProduct(ctx.db, { name: 'Apple Pie', category: 'Bakery', deletedAt: new Date() });
    ids = { mango: mango.id, apple: apple.id, milk: milk.id, bread: bread.id, soldOut: soldOut.id, deleted: deleted.id };
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  describe('GET /api/product/list', () => {
    it('lists in-stock, not deleted products oldest first, in the public shape with rupee prices', async () => {
      const res = await get('/api/product/list');

      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, total: 4, page: 1, limit: null });
      expect(body.products.map((p: { _id: string }) => p._id)).toEqual([ids.mango, ids.apple, ids.milk, ids.bread]);
      expect(body.products[0]).toEqual({
        _id: ids.mango,
        name: 'Alphonso Mango',
        category: 'Fruits',
        description: ['Ratnagiri', 'Sweet'],
        price: 250,
        offerPrice: 199.5,
        images: ['/catalog-images/apple.svg'],
        inStock: true,
        stock: null,
        seller: { id: expect.any(String), storeName: 'Test Store' },
        createdAt: expect.any(String),
        version: 0,
      });
      expect(body.products[3]).toMatchObject({ name: 'Brown Bread', stock: 7 });
    });

    it('searches names case-insensitively, and only among products a shopper may see', async () => {
      const res = await get('/api/product/list?search=APPLE');
      expect(res.json().products.map((p: { name: string }) => p.name)).toEqual(['Green Apple']);
    });

    it('finds an accented name whichever Unicode form the name and the search were typed in', async () => {
      const names = async (search: string) => (await get(`/api/product/list?search=${encodeURIComponent(search)}`)).json().products.map((p: { name: string }) => p.name);
      const brulee = await createProduct(ctx.db, { name: 'Crème Brûlée', category: 'Bakery' });
      // Saved before names were kept composed: "o" and a combining acute, as a paste from some keyboards gives it.
      const decomposed = await createProduct(ctx.db, { name: 'Mo\u0301nica Cafe', category: 'Drinks' });
      const migration = await readFile(path.join(import.meta.dirname, '../../../prisma/migrations/20261202000000_product_names_nfc/migration.sql'), 'utf8');
      await ctx.db.$executeRawUnsafe(migration);

      expect(await names('Cre\u0300me')).toEqual(['Crème Brûlée']);
      expect(await names('Mónica')).toEqual(['Mónica Cafe']);
      expect(await names('Mo\u0301nica')).toEqual(['Mónica Cafe']);
      // The other tests count the catalogue.
      await ctx.db.product.deleteMany({ where: { id: { in: [brulee.id, decomposed.id] } } });
    });

    it('treats search text literally: a % or _ is not a wildcard', async () => {
      expect(res(await get('/api/product/list?search=%25'))).toEqual([]);
      expect(res(await get('/api/product/list?search=_'))).toEqual([]);
      function res(r: { json: () => { products: unknown[] } }) {
        return r.json().products;
      }
    });

    it('filters by category, matching it case-insensitively as the /products/:category route does', async () => {
      const res = await get('/api/product/list?category=fruits');
      expect(res.json().products.map((p: { name: string }) => p.name)).toEqual(['Alphonso Mango', 'Green Apple']);
      expect(res.json().total).toBe(2);
    });

    it('matches a category exactly: a %, _ or \\ in it is text, not a pattern, and answers an empty list', async () => {
      for (const category of ['%25', 'fr_its', 'Fruit%25', '_____', '%5C', 'Fruits%5C']) {
        const reply = await get(`/api/product/list?category=${category}`);
        expect(reply.statusCode, category).toBe(200);
        expect(reply.json(), category).toMatchObject({ success: true, products: [], total: 0 });
      }
    });

    it('pages with ?page=&limit= and reports the total, while the call without them still returns everything', async () => {
      const second = await get('/api/product/list?page=2&limit=3');
      expect(second.json()).toMatchObject({ success: true, total: 4, page: 2, limit: 3 });
      expect(second.json().products.map((p: { _id: string }) => p._id)).toEqual([ids.bread]);

      expect((await get('/api/product/list')).json().products).toHaveLength(4);
    });

    it.each(['limit=0', 'limit=abc', 'page=0', 'limit=100000', `search=${'x'.repeat(101)}`])('refuses ?%s with a 400', async (query) => {
      const res = await get(`/api/product/list?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    });
  });

  describe('GET /api/product/:id', () => {
    it('answers one product, out-of-stock ones included (the detail page shows them)', async () => {
      const res = await get(`/api/product/${ids.soldOut}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, product: { _id: ids.soldOut, name: 'Apple Juice', inStock: false, stock: 0 } });
    });

    it('answers 404 for an unknown product and for a deleted one', async () => {
      for (const id of ['6f1c7a52-3c1e-4b8e-9d57-0c9b2f7e1a11', ids.deleted]) {
        const res = await get(`/api/product/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, message: 'Product not found' });
      }
    });

    it('answers 400 for an id that is not an id', async () => {
      const res = await get('/api/product/not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    });
  });
});
