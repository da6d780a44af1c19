import type { OrderStatus } from '../../domain/order-status';
import type { Db, Tx } from '../../infra/prisma';
import { statusToDb } from './order-enums';
import { orderInclude, type OrderRow } from './order-mapper';

/** The seller board's reads: every shopper's orders, newest first. */
export function createSellerOrderRepository(db: Db) {
  return {
    async page(filter: { status?: OrderStatus }, page: { skip: number; take: number }): Promise<{ rows: OrderRow[]; total: number }> {
      const where = filter.status ? { status: statusToDb(filter.status) } : {};
      const [rows, total] = await Promise.all([
        db.order.findMany({ where, include: orderInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
        db.order.count({ where }),
      ]);
      return { rows, total };
    },

    /** Locks the order and reads its status (the database stores the spec's words); null when there is no such order. */
    async lockStatus(tx: Tx, orderId: string): Promise<OrderStatus | null> {
      const rows = await tx.$queryRaw<{ status: OrderStatus }[]>`SELECT status::text AS status FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
      return rows[0]?.status ?? null;
    },
  };
}
export type SellerOrderRepository = ReturnType<typeof createSellerOrderRepository>;
