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

    /** The ids of the store's products that are not deleted: what shoppers gain or lose when its standing changes. */
    async productIds(tx: Tx, sellerId: string): Promise<string[]> {
      const rows = await tx.product.findMany({ where: { sellerId, deletedAt: null }, select: { id: true }, orderBy: { id: 'asc' } });
      return rows.map((r) => r.id);
    },
  };
}
export type StoreRepository = ReturnType<typeof createStoreRepository>;
