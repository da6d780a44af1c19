import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_PATHS } from '../../../core/domain/categories';
import { loadConfig } from '../../../core/infra/config';
import { createPrisma, type Db } from '../../../core/infra/prisma';
import { seedDemoCatalog } from '../../../prisma/seed/seed-catalog';
import { CATALOG_IMAGES_DIR } from '../../../server/plugins/static-files';
import { TEST_PASSWORD_COST } from '../../helpers/services-env';
import { createTestDatabase } from '../../helpers/test-db';

describe('seedDemoCatalog', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let config: ReturnType<typeof loadConfig>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    db = createPrisma(database.url, { max: 3 });
    config = loadConfig({ DATABASE_URL: database.url, ...TEST_PASSWORD_COST });
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  it('fills an empty catalogue: at least 40 products across all 7 categories', async () => {
    const { created } = await seedDemoCatalog(db, config);
    expect(created).toBeGreaterThanOrEqual(40);
    expect(await db.product.count()).toBe(created);
    const categories = await db.product.groupBy({ by: ['category'], _count: true });
    expect(categories.map((c) => c.category).sort()).toEqual([...CATEGORY_PATHS].sort());
  });

  it('gives every product a name, a description, sane paise prices and an image the project ships', async () => {
    const products = await db.product.findMany();
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    for (const p of products) {
      expect(p.name.trim()).not.toBe('');
      expect(p.description.length).toBeGreaterThan(0);
      expect(Number.isInteger(p.pricePaise) && p.pricePaise > 0).toBe(true);
      expect(p.offerPricePaise).toBeGreaterThan(0);
      expect(p.offerPricePaise).toBeLessThanOrEqual(p.pricePaise);
      expect(p.inStock).toBe(true);
      expect(p.deletedAt).toBeNull();
      expect(p.images.length).toBeGreaterThan(0);
      for (const image of p.images) {
        expect(image).toMatch(/^\/catalog-images\/[\w-]+\.svg$/);
        expect(existsSync(path.join(CATALOG_IMAGES_DIR, path.basename(image))), image).toBe(true);
      }
    }
  });

  it("spreads the catalogue over three approved stores, the operator's own 'FreshCart' among them, and the configured login works", async () => {
    const stores = await db.seller.findMany({ include: { _count: { select: { products: true } } }, orderBy: { storeName: 'asc' } });
    expect(stores.map((s) => [s.storeName, s.status, s.isOperator])).toEqual([
      ['Bake House', 'APPROVED', false],
      ['FreshCart', 'APPROVED', true],
      ['Sip & Snack', 'APPROVED', false],
    ]);
    for (const store of stores) expect(store._count.products, store.storeName).toBeGreaterThan(0);
    expect(stores.find((s) => s.isOperator)!.email).toBe(config.seller.email);
    // The demo stores' accounts have no password anyone could type.
    for (const store of stores.filter((s) => !s.isOperator)) expect(store.passwordHash.startsWith('scrypt$')).toBe(false);
  });

  it('adds nothing when run again, even twice at once', async () => {
    const before = await db.product.count();
    const results = await Promise.all([seedDemoCatalog(db, config), seedDemoCatalog(db, config)]);
    expect(results).toEqual([{ created: 0 }, { created: 0 }]);
    expect(await db.product.count()).toBe(before);
  });
});
