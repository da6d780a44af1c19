import type { Db, Tx } from '../../infra/prisma';
import { productRowSelect as productRow, type ProductRow } from '../catalog/product-mapper';

export type NewProduct = Omit<ProductRow, 'id' | 'createdAt'>;
export type SellerProductFilter = { search?: string; category?: string };

/** Seller-side product writes. Writes take the caller's transaction so each change commits with its outbox event. */
export function createProductAdminRepository(db: Db) {
  return {
    create(tx: Tx, product: NewProduct): Promise<ProductRow> {
      return tx.product.create({ data: product, select: productRow });
    },

    /** Locks a visible (not deleted) product so a stock change and a concurrent order reservation apply in turn. */
    async lockVisible(tx: Tx, id: string): Promise<{ inStock: boolean; stockQuantity: number | null } | null> {
      const rows = await tx.$queryRaw<{ in_stock: boolean; stock_quantity: number | null }[]>`
        SELECT in_stock, stock_quantity FROM products WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
      const row = rows[0];
      return row ? { inStock: row.in_stock, stockQuantity: row.stock_quantity } : null;
    },

    updateStock(tx: Tx, id: string, stock: { inStock: boolean; stockQuantity: number | null }): Promise<ProductRow> {
      return tx.product.update({ where: { id }, data: stock, select: productRow });
    },

    /** Locks a visible product for an edit and reads it whole: the edit merges into what is there now. */
    async lockForEdit(tx: Tx, id: string): Promise<ProductRow | null> {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM products WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
      return locked.length ? tx.product.findFirst({ where: { id, deletedAt: null }, select: productRow }) : null;
    },

    update(tx: Tx, id: string, changes: Partial<NewProduct>): Promise<ProductRow> {
      return tx.product.update({ where: { id }, data: changes, select: productRow });
    },

    findVisible(tx: Tx, id: string): Promise<ProductRow | null> {
      return tx.product.findFirst({ where: { id, deletedAt: null }, select: productRow });
    },

    /** Soft delete: order items keep pointing at the row. False when there was no visible product. */
    async softDelete(tx: Tx, id: string): Promise<boolean> {
      const { count } = await tx.product.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
      return count === 1;
    },

    /** Everything not deleted, in stock or not, newest first (a seller looks for what they just added). */
    async listForSeller(filter: SellerProductFilter, page?: { skip: number; take: number }): Promise<{ rows: ProductRow[]; total: number }> {
      const where = {
        deletedAt: null,
        ...(filter.category ? { category: { equals: filter.category, mode: 'insensitive' as const } } : {}),
        ...(filter.search ? { name: { contains: filter.search, mode: 'insensitive' as const } } : {}),
      };
      const [rows, total] = await Promise.all([
        db.product.findMany({ where, select: productRow, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
        db.product.count({ where }),
      ]);
      return { rows, total };
    },
  };
}
export type ProductAdminRepository = ReturnType<typeof createProductAdminRepository>;
