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
 */
export function createCatalogService(repo: CatalogRepository, options: { cacheTtlMs?: number } = {}) {
  const ttl = options.cacheTtlMs ?? 5000;
  let cached: { body: string; at: number; generation: number } | null = null;
  let generation = 0;

  async function list(query: ProductListQuery, includeOutOfStock = false): Promise<ProductPage> {
    const limit = query.limit ?? null;
    const page = query.page ?? 1;
    const paging = limit ? { skip: (page - 1) * limit, take: limit } : undefined;
    const { rows, total } = await repo.list(
      { search: query.search || undefined, category: query.category || undefined, includeOutOfStock },
      paging,
    );
    return { products: rows.map(toProductDto), total, page, limit };
  }

  return {
    list,

    /** The whole in-stock list as a ready JSON body: `{ success, products, total, page, limit }`. */
    async wholeListJson(): Promise<string> {
      if (cached && cached.generation === generation && Date.now() - cached.at < ttl) return cached.body;
      const startedAt = generation;
      const body = JSON.stringify({ success: true, ...(await list({})) });
      // A change that landed while we were reading must not be overwritten by the older read.
      if (startedAt === generation) cached = { body, at: Date.now(), generation };
      return body;
    },

    async get(id: string): Promise<ProductDto> {
      const row = await repo.findVisible(id);
      if (!row) throw notFound('product_not_found', 'Product not found');
      return toProductDto(row);
    },

    invalidate(): void {
      generation++;
      cached = null;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
