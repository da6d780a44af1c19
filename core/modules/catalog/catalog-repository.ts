import type { Db } from '../../infra/prisma';
import { productRowSelect, type ProductRow } from './product-mapper';

export type ProductFilter = { search?: string; category?: string; includeOutOfStock?: boolean };

const select = productRowSelect;

function where(filter: ProductFilter) {
  return {
    deletedAt: null,
    ...(filter.includeOutOfStock ? {} : { inStock: true }),
    ...(filter.category ? { category: { equals: filter.category, mode: 'insensitive' as const } } : {}),
    // Prisma passes `contains` into ILIKE as is: escape its wildcards so a search for "%" finds a literal "%".
    ...(filter.search ? { name: { contains: filter.search.replace(/[\\%_]/g, '\\$&'), mode: 'insensitive' as const } } : {}),
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

    findVisible(id: string): Promise<ProductRow | null> {
      return db.product.findFirst({ where: { id, deletedAt: null }, select });
    },

    /** A product whether or not it was deleted, and whether it was. */
    async findAny(id: string): Promise<{ row: ProductRow; deleted: boolean } | null> {
      const found = await db.product.findUnique({ where: { id }, select: { ...select, deletedAt: true } });
      if (!found) return null;
      const { deletedAt, ...row } = found;
      return { row, deleted: deletedAt !== null };
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
