import type { Db, Prisma } from '../../infra/prisma';
import { containsText, equalsText } from '../../infra/text-match';
import { productRowSelect, type ProductRow } from './product-mapper';

export type ProductFilter = { search?: string; category?: string; sellerId?: string; includeOutOfStock?: boolean };

/** Only approved stores sell: a pending, rejected or suspended store's products are not for sale anywhere. */
export const forSale = { deletedAt: null, seller: { status: 'APPROVED' } } as const satisfies Prisma.ProductWhereInput;

const select = productRowSelect;

function where(filter: ProductFilter) {
  return {
    ...forSale,
    ...(filter.sellerId ? { sellerId: filter.sellerId } : {}),
    ...(filter.includeOutOfStock ? {} : { inStock: true }),
    ...(filter.category ? { category: equalsText(filter.category) } : {}),
    ...(filter.search ? { name: containsText(filter.search) } : {}),
  };
}

export function createCatalogRepository(db: Db) {
  return {
    async list(filter: ProductFilter, page?: { skip: number; take: number }): Promise<{ rows: ProductRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        // Oldest first keeps the seeded order stable ("first 10 in-stock" best sellers); id breaks ties.
        db.product.findMany({ where: where(filter), select, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...page }),
        db.product.count({ where: where(filter) }),
      ]);
      return { rows, total };
    },

    /**
     * What any change to the catalogue changes: a product added raises the count, and every write to one raises its
     * version (a trigger; a store's change of standing writes its products). Products are never deleted as rows.
     */
    async fingerprint(): Promise<string> {
      const [row] = await db.$queryRaw<{ fingerprint: string }[]>`
        SELECT count(*)::text || '/' || coalesce(sum(version), 0)::text AS fingerprint FROM products`;
      return row!.fingerprint;
    },

    findVisible(id: string): Promise<ProductRow | null> {
      return db.product.findFirst({ where: { id, ...forSale }, select });
    },

    /** A product whether or not it is for sale, and whether it is (not deleted, and its store approved). */
    async findAny(id: string): Promise<{ row: ProductRow; forSale: boolean } | null> {
      const found = await db.product.findUnique({ where: { id }, select: { ...select, deletedAt: true, seller: { select: { id: true, storeName: true, status: true } } } });
      if (!found) return null;
      const { deletedAt, seller, ...rest } = found;
      return { row: { ...rest, seller: { id: seller.id, storeName: seller.storeName } }, forSale: deletedAt === null && seller.status === 'APPROVED' };
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
