import type { Config } from '../../core/infra/config';
import type { Db, Tx } from '../../core/infra/prisma';
import { rupeesToPaise } from '../../core/domain/money';
import { ensureConfiguredSeller } from '../../core/modules/sellers/seller-service';
import { demoCatalog } from './catalog-data';
import { demoStores, NO_LOGIN } from './demo-stores';

/** Prisma's default 5 s is too short on a loaded machine (seen on a busy two-core test run); a seed may take longer. */
const SEED_TRANSACTION = { timeout: 60_000, maxWait: 60_000 };

/**
 * Seeds the demo catalogue when the products table is empty; running it again adds nothing. The products are spread
 * over three approved stores: the operator's own 'FreshCart' (the configured seller account, made here if the API
 * has not made it yet) and the demo stores of demo-stores.ts.
 * Images are the project's own SVGs in prisma/seed/images, served at /catalog-images/.
 * createdAt is spaced a second apart so "first 10 in-stock" (best sellers) follows the catalogue's order.
 */
export async function seedDemoCatalog(db: Db, config: Pick<Config, 'seller' | 'passwordScryptLogN'>): Promise<{ created: number }> {
  // Outside the transaction: it is idempotent (an upsert) and hashes a password, which takes a while.
  const { sellerId: operatorId } = await ensureConfiguredSeller(db, config);
  return db.$transaction(async (tx) => {
    // Serialise concurrent seeders (two processes starting at once) on one advisory lock.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(4242)`;
    if ((await tx.product.count()) > 0) return { created: 0 };
    const storeOf = await demoStoreIds(tx);
    const start = Date.now() - demoCatalog.length * 1000;
    const { count } = await tx.product.createMany({
      data: demoCatalog.map((p, i) => ({
        sellerId: storeOf.get(p.category) ?? operatorId,
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

/** Makes the demo stores exist (approved) and answers category → the demo store that sells it. */
async function demoStoreIds(tx: Tx): Promise<Map<string, string>> {
  const byCategory = new Map<string, string>();
  for (const store of demoStores) {
    const row = await tx.seller.upsert({
      where: { email: store.email },
      create: { storeName: store.storeName, name: store.name, email: store.email, passwordHash: NO_LOGIN, status: 'APPROVED' },
      update: {},
      select: { id: true },
    });
    for (const category of store.categories) byCategory.set(category, row.id);
  }
  return byCategory;
}
