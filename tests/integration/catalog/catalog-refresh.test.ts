import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRepository } from '../../../core/modules/catalog/catalog-repository';
import { createCatalogService, type CatalogService } from '../../../core/modules/catalog/catalog-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, defaultStoreId } from '../../helpers/factories';
import { sleep } from '../../helpers/live-helpers';

const TTL_MS = 40;

/**
 * The kept lists' safety net for a product message this process never heard (Redis down): past the TTL a kept list is
 * checked against the catalogue's fingerprint, kept when nothing changed and built afresh when something did.
 */
describe('kept catalogue lists past their TTL', () => {
  let ctx: TestContext;
  let catalog: CatalogService;

  beforeAll(async () => {
    ctx = await buildTestContext();
    catalog = createCatalogService({ repo: createCatalogRepository(ctx.db), cacheTtlMs: TTL_MS });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Asks for the kept whole list once it is due, then gives its check time to answer. */
  async function dueAndChecked(): Promise<void> {
    await sleep(TTL_MS + 10);
    expect(catalog.cachedListJson({})).toBeDefined();
    await sleep(100);
  }

  it('keeps the very same body while nothing changed, and builds a new one once a product changed unannounced', async () => {
    const product = await createProduct(ctx.db, { sellerId: await defaultStoreId(ctx.db), name: 'Quiet Radish', offerPricePaise: 4_000 });
    const first = await catalog.listJson({});

    await dueAndChecked();
    await dueAndChecked();
    expect(catalog.cachedListJson({})).toBe(first);

    // Written behind the catalogue's back, as a change whose message was lost would be.
    await ctx.db.product.update({ where: { id: product.id }, data: { offerPricePaise: 3_500 } });
    await dueAndChecked();
    const fresh = catalog.cachedListJson({});
    expect(fresh).not.toBe(first);
    const listed = JSON.parse(fresh!.toString()).products.find((p: { _id: string }) => p._id === product.id);
    expect(listed).toMatchObject({ offerPrice: 35, version: 1 });
  });

  it('sees a product added unannounced', async () => {
    const before = await catalog.listJson({ search: 'Parsnip' });
    expect(JSON.parse(before.toString()).products).toEqual([]);
    await createProduct(ctx.db, { sellerId: await defaultStoreId(ctx.db), name: 'Late Parsnip' });
    await sleep(TTL_MS + 10);
    catalog.cachedListJson({ search: 'Parsnip' });
    await sleep(100);
    expect(JSON.parse(catalog.cachedListJson({ search: 'Parsnip' })!.toString()).products.map((p: { name: string }) => p.name)).toEqual(['Late Parsnip']);
  });
});
