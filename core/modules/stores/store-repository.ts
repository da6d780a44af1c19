import type { Db, Tx } from '../../infra/prisma';
import { storeRowSelect, type DbSellerStatus, type StoreRow } from './store-mapper';

/** What authorization needs to know of a signed-in store, read fresh from the database on the paths that need it. */
export type StoreStanding = { status: DbSellerStatus; isOperator: boolean };

export function createStoreRepository(db: Db) {
  return {
    find(id: string): Promise<StoreRow | null> {
      return db.seller.findUnique({ where: { id }, select: storeRowSelect });
    },

    standing(id: string): Promise<StoreStanding | null> {
      return db.seller.findUnique({ where: { id }, select: { status: true, isOperator: true } });
    },

    /** Every store, newest sign-up first; the operator's own store is one of them. */
    list(status?: DbSellerStatus): Promise<StoreRow[]> {
      return db.seller.findMany({ where: status ? { status } : {}, select: storeRowSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    },

    /** The store locked for a change of standing, so two operator decisions apply one after the other. */
    async lock(tx: Tx, id: string): Promise<StoreRow | null> {
      const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM sellers WHERE id = ${id}::uuid FOR UPDATE`;
      return rows.length ? tx.seller.findUnique({ where: { id }, select: storeRowSelect }) : null;
    },

    setStatus(tx: Tx, id: string, status: DbSellerStatus, reason: string | null): Promise<StoreRow> {
      return tx.seller.update({ where: { id }, data: { status, statusReason: reason }, select: storeRowSelect });
    },

    /**
     * The store's products that are not deleted, what shoppers gain or lose when its standing changes, each a version
     * newer (their rows are written, which raises it): a page that saw a product before the change must take the
     * announcement of the change as the newer state. Their ids, in id order (the order in which they are locked).
     */
    async touchProducts(tx: Tx, sellerId: string): Promise<string[]> {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        WITH locked AS (
          SELECT id FROM products WHERE seller_id = ${sellerId}::uuid AND deleted_at IS NULL ORDER BY id FOR UPDATE
        )
        UPDATE products p SET version = p.version + 1 FROM locked WHERE p.id = locked.id RETURNING p.id::text AS id`;
      return rows.map((r) => r.id).sort();
    },
  };
}
export type StoreRepository = ReturnType<typeof createStoreRepository>;
