import { z } from 'zod';
import { ProductListQuery, type ProductDto } from '../../contracts/http/products';
import { notFound } from '../../domain/errors';
import type { CatalogRepository } from './catalog-repository';
import { toProductDto } from './product-mapper';

export type ProductListQuery = z.infer<typeof ProductListQuery>;
export type ProductPage = { products: ProductDto[]; total: number; page: number; limit: number | null };

/** Filtered lists kept at most: the answers of distinct searches, categories and pages, largest first to go. */
const FILTERED_CACHE_BYTES = 32 * 2 ** 20;

/**
 * Shopper catalogue reads. Every list a shopper asks for (the whole list on start, a category, a search, a page) is
 * kept in memory as its serialised reply until a product changes: `invalidate()` is called on every product event
 * this process sees, and a short TTL bounds staleness if a pub/sub message is ever missed (e.g. Redis down). Filtered
 * lists share a byte budget; the oldest go first.
 *
 * One build per list at a time: concurrent requests share the build in flight instead of each querying. After the TTL
 * (but with no known change) the old body is served while the catalogue's fingerprint is read again (one read for
 * every list due): a list whose build saw the same fingerprint is kept for another TTL, any other is built afresh.
 * After `invalidate()` callers wait for the new one, so a product that went out of stock is never served again.
 */
export function createCatalogService(deps: { repo: CatalogRepository; cacheTtlMs?: number }) {
  const { repo } = deps;
  const ttl = deps.cacheTtlMs ?? 5000;
  /** `fingerprint`: the catalogue's, read just before the list was: a later change to any product changes it. */
  type Entry = { body: Buffer; at: number; generation: number; fingerprint: string; checking?: boolean };
  const cached = new Map<string, Entry>();
  const building = new Map<string, { promise: Promise<Buffer>; generation: number }>();
  let cachedBytes = 0;
  let generation = 0;

  function remember(key: string, entry: Entry): void {
    forget(key);
    cached.set(key, entry);
    cachedBytes += entry.body.length;
    for (const [oldest] of cached) {
      if (cachedBytes <= FILTERED_CACHE_BYTES || oldest === key) break;
      forget(oldest);
    }
  }
  function forget(key: string): void {
    const entry = cached.get(key);
    if (!entry) return;
    cached.delete(key);
    cachedBytes -= entry.body.length;
  }

  function build(key: string, query: ProductListQuery): Promise<Buffer> {
    const inFlight = building.get(key);
    if (inFlight?.generation === generation) return inFlight.promise;
    const startedAt = generation;
    const promise = repo
      .fingerprint()
      .then(async (fingerprint) => {
        const page = await list(query);
        const body = Buffer.from(JSON.stringify({ success: true, ...page }));
        // A change that landed while we were reading must not be overwritten by the older read.
        if (startedAt === generation) remember(key, { body, at: Date.now(), generation: startedAt, fingerprint });
        return body;
      })
      .finally(() => {
        if (building.get(key)?.promise === promise) building.delete(key);
      });
    building.set(key, { promise, generation: startedAt });
    return promise;
  }

  let fingerprintRead: Promise<string> | null = null;

  /** The catalogue's fingerprint now: one read shared by every list that comes due meanwhile. */
  function currentFingerprint(): Promise<string> {
    fingerprintRead ??= repo.fingerprint().finally(() => {
      fingerprintRead = null;
    });
    return fingerprintRead;
  }

  /** A kept list past the TTL: kept for another one if nothing changed since its build, otherwise built afresh. */
  function revalidate(key: string, query: ProductListQuery, entry: Entry): void {
    if (entry.checking) return;
    entry.checking = true;
    currentFingerprint().then(
      (fingerprint) => {
        entry.checking = false;
        if (cached.get(key) !== entry) return;
        if (fingerprint === entry.fingerprint) entry.at = Date.now();
        else build(key, query).catch(() => {});
      },
      () => {
        entry.checking = false;
      },
    );
  }

  /** One key per distinct answer: the filters as the list applies them (an empty search is no search). */
  // (NUL cannot occur in the filters: the contract refuses control characters.)
  const keyOf = (query: ProductListQuery) => `${query.search || ''}\0${query.category || ''}\0${query.seller ?? ''}\0${query.page ?? 1}\0${query.limit ?? ''}`;

  /**
   * The list's body if one is kept for the current catalogue, at once (no promise: the hot path of every page view);
   * past the TTL it is still served while it is checked in the background.
   */
  function cachedListJson(query: ProductListQuery): Buffer | undefined {
    const key = keyOf(query);
    const entry = cached.get(key);
    if (!entry || entry.generation !== generation) return undefined;
    if (Date.now() - entry.at >= ttl) revalidate(key, query, entry);
    return entry.body;
  }

  async function listJson(query: ProductListQuery): Promise<Buffer> {
    return cachedListJson(query) ?? build(keyOf(query), query);
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

    /** A list (the whole in-stock list when nothing narrows it) as a ready JSON body: `{ success, products, total, page, limit }`. */
    listJson,
    cachedListJson,

    /** The whole in-stock list as a ready JSON body. */
    wholeListJson: (): Promise<Buffer> => listJson({}),

    async get(id: string): Promise<ProductDto> {
      const row = await repo.findVisible(id);
      if (!row) throw notFound('product_not_found', 'Product not found');
      return toProductDto(row);
    },

    /**
     * What shoppers should now see of a product: its current state, that it is gone (deleted, or its store does not
     * sell now) as of its version, or nothing (never existed).
     */
    async current(id: string): Promise<{ removed: true; version: number } | { removed: false; product: ProductDto } | null> {
      const found = await repo.findAny(id);
      if (!found) return null;
      return found.forSale ? { removed: false, product: toProductDto(found.row) } : { removed: true, version: found.row.version };
    },

    invalidate(): void {
      generation++;
      cached.clear();
      cachedBytes = 0;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
