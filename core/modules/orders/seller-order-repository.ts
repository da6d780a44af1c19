import type { OrderStatus } from '../../domain/order-status';
import type { Db, Tx } from '../../infra/prisma';
import { statusToDb } from './order-enums';
import { orderInclude, type OrderRow } from './order-mapper';

/** The seller board's reads: one store's orders, newest first. */
export function createSellerOrderRepository(db: Db) {
  return {
    async page(sellerId: string, filter: { status?: OrderStatus }, page: { skip: number; take: number }): Promise<{ rows: OrderRow[]; total: number }> {
      const where = { sellerId, ...(filter.status ? { status: statusToDb(filter.status) } : {}) };
      const [rows, total] = await Promise.all([
        db.order.findMany({ where, include: orderInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
        db.order.count({ where }),
      ]);
      return { rows, total };
    },

    /** Whether the order is this store's; read in the transaction that changes it (an order never changes store). */
    async isStoreOrder(tx: Tx, sellerId: string, orderId: string): Promise<boolean> {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM orders WHERE id = ${orderId}::uuid AND seller_id = ${sellerId}::uuid`;
      return rows.length === 1;
    },
  };
}
export type SellerOrderRepository = ReturnType<typeof createSellerOrderRepository>;
