import { z } from 'zod';
import { ProductListQuery, type ProductDto } from '../../contracts/http/products';
import { notFound } from '../../domain/errors';
import type { CatalogRepository } from './catalog-repository';
import { toProductDto } from './product-mapper';

export type ProductListQuery = z.infer<typeof ProductListQuery>;
export type ProductPage = { products: ProductDto[]; total: number; page: number; limit: number | null };

/**
 * Shopper catalogue reads. The unfiltered whole list (what the client loads on start) is the hot path, so its
 * serialised reply is kept in memory until a product changes: `invalidate()` is called on every product event this
 * process sees, and a short TTL bounds staleness if a pub/sub message is ever missed (e.g. Redis down).
 *
 * One build at a time: concurrent requests share the build in flight instead of each querying the whole table. After
 * the TTL (but with no known change) the old body is served while a fresh one is built; after `invalidate()` callers
 * wait for the new one, so a product that went out of stock is never served again.
 */
export function createCatalogService(deps: { repo: CatalogRepository; cacheTtlMs?: number }) {
  const { repo } = deps;
  const ttl = deps.cacheTtlMs ?? 5000;
  let cached: { body: Buffer; at: number; generation: number } | null = null;
  let building: { promise: Promise<Buffer>; generation: number } | null = null;
  let generation = 0;

  function build(): Promise<Buffer> {
    if (building?.generation === generation) return building.promise;
    const startedAt = generation;
    const promise = list({})
      .then((page) => {
        const body = Buffer.from(JSON.stringify({ success: true, ...page }));
        // A change that landed while we were reading must not be overwritten by the older read.
        if (startedAt === generation) cached = { body, at: Date.now(), generation: startedAt };
        return body;
      })
      .finally(() => {
        if (building?.promise === promise) building = null;
      });
    building = { promise, generation: startedAt };
    return promise;
  }

  async function list(query: ProductListQuery, includeOutOfStock = false): Promise<ProductPage> {
    const limit = query.limit ?? null;
    const page = query.page ?? 1;
    const paging = limit ? { skip: (page - 1) * limit, take: limit } : undefined;
    const { rows, total } = await repo.list(
      { search: query.search || undefined, category: query.category || undefined, sellerId: query.seller, includeOutOfStock },
      paging,
    );
    return { products: rows.map(toProductDto), total, page, limit };
  }

  return {
    list,

    /** The whole in-stock list as a ready JSON body: `{ success, products, total, page, limit }`. */
    async wholeListJson(): Promise<Buffer> {
      if (cached && cached.generation === generation) {
        if (Date.now() - cached.at >= ttl) build().catch(() => {}); // refresh in the background
        return cached.body;
      }
      return build();
    },

    async get(id: string): Promise<ProductDto> {
      const row = await repo.findVisible(id);
      if (!row) throw notFound('product_not_found', 'Product not found');
      return toProductDto(row);
    },

    /**
     * What shoppers should now see of a product: its current state, that it is gone (deleted, or its store does not
     * sell now), or nothing (never existed).
     */
    async current(id: string): Promise<{ removed: true } | { removed: false; product: ProductDto } | null> {
      const found = await repo.findAny(id);
      if (!found) return null;
      return found.forSale ? { removed: false, product: toProductDto(found.row) } : { removed: true };
    },

    invalidate(): void {
      generation++;
      cached = null;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
