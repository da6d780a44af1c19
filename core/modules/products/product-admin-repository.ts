import type { Db, Tx } from '../../infra/prisma';
import { productRowSelect as productRow, type ProductRow } from '../catalog/product-mapper';
import { containsText, equalsText } from '../../infra/text-match';

export type NewProduct = Omit<ProductRow, 'id' | 'createdAt' | 'version' | 'seller'>;
export type SellerProductFilter = { search?: string; category?: string };

/**
 * Seller-side product reads and writes. Every one is scoped to the signed-in store: another store's product is
 * "not there" (the service answers 404), so a store can neither see nor change what it does not own. Writes take the
 * caller's transaction so each change commits with its outbox event.
 */
export function createProductAdminRepository(db: Db) {
  return {
    create(tx: Tx, sellerId: string, product: NewProduct): Promise<ProductRow> {
      return tx.product.create({ data: { ...product, sellerId }, select: productRow });
    },

    /** Locks one of the store's visible (not deleted) products so a stock change and a concurrent order reservation apply in turn. */
    async lockVisible(tx: Tx, sellerId: string, id: string): Promise<{ inStock: boolean; stockQuantity: number | null } | null> {
      const rows = await tx.$queryRaw<{ in_stock: boolean; stock_quantity: number | null }[]>`
        SELECT in_stock, stock_quantity FROM products
         WHERE id = ${id}::uuid AND seller_id = ${sellerId}::uuid AND deleted_at IS NULL FOR UPDATE`;
      const row = rows[0];
      return row ? { inStock: row.in_stock, stockQuantity: row.stock_quantity } : null;
    },

    /** Call only after `lockVisible` or `lockForEdit` found the product in the same transaction. */
    updateStock(tx: Tx, id: string, stock: { inStock: boolean; stockQuantity: number | null }): Promise<ProductRow> {
      return tx.product.update({ where: { id }, data: stock, select: productRow });
    },

    /** Locks one of the store's visible products for an edit and reads it whole: the edit merges into what is there now. */
    async lockForEdit(tx: Tx, sellerId: string, id: string): Promise<ProductRow | null> {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM products WHERE id = ${id}::uuid AND seller_id = ${sellerId}::uuid AND deleted_at IS NULL FOR UPDATE`;
      return locked.length ? tx.product.findFirst({ where: { id, sellerId, deletedAt: null }, select: productRow }) : null;
    },

    /** Call only after `lockForEdit` found the product in the same transaction. */
    update(tx: Tx, id: string, changes: Partial<NewProduct>): Promise<ProductRow> {
      return tx.product.update({ where: { id }, data: changes, select: productRow });
    },

    /** Call only after `lockVisible` found the product in the same transaction. */
    findVisible(tx: Tx, id: string): Promise<ProductRow | null> {
      return tx.product.findFirst({ where: { id, deletedAt: null }, select: productRow });
    },

    /** Soft delete: order items keep pointing at the row. False when the store has no such visible product. */
    async softDelete(tx: Tx, sellerId: string, id: string): Promise<boolean> {
      const { count } = await tx.product.updateMany({ where: { id, sellerId, deletedAt: null }, data: { deletedAt: new Date() } });
      return count === 1;
    },

    /** The store's products that are not deleted, in stock or not, newest first (a seller looks for what they just added). */
    async listForSeller(sellerId: string, filter: SellerProductFilter, page?: { skip: number; take: number }): Promise<{ rows: ProductRow[]; total: number }> {
      const where = {
        sellerId,
        deletedAt: null,
        ...(filter.category ? { category: equalsText(filter.category) } : {}),
        ...(filter.search ? { name: containsText(filter.search) } : {}),
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
