import type { Db } from '../../core/infra/prisma';
import { rupeesToPaise } from '../../core/domain/money';
import { demoCatalog } from './catalog-data';

/** Prisma's default 5 s is too short on a loaded machine (seen on a busy two-core test run); a seed may take longer. */
const SEED_TRANSACTION = { timeout: 60_000, maxWait: 60_000 };

/**
 * Seeds the demo catalogue when the products table is empty; running it again adds nothing.
 * Images are the project's own SVGs in prisma/seed/images, served at /catalog-images/.
 * createdAt is spaced a second apart so "first 10 in-stock" (best sellers) follows the catalogue's order.
 */
export async function seedDemoCatalog(db: Db): Promise<{ created: number }> {
  return db.$transaction(async (tx) => {
    // Serialise concurrent seeders (two processes starting at once) on one advisory lock.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(4242)`;
    if ((await tx.product.count()) > 0) return { created: 0 };
    const start = Date.now() - demoCatalog.length * 1000;
    const { count } = await tx.product.createMany({
      data: demoCatalog.map((p, i) => ({
        name: p.name,
        category: p.category,
        description: p.description,
        pricePaise: rupeesToPaise(p.price),
        offerPricePaise: rupeesToPaise(p.offerPrice),
        images: [`/catalog-images/${p.image}`],
        inStock: true,
        stockQuantity: p.stockQuantity,
        createdAt: new Date(start + i * 1000),
      })),
    });
    // Fresh tables keep bad plans until analysed.
    await tx.$executeRawUnsafe('ANALYZE products');
    return { created: count };
  }, SEED_TRANSACTION);
}
