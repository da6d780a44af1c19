import type { OrderStatus } from '../../domain/order-status';
import type { Db } from '../../infra/prisma';
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
  };
}
export type SellerOrderRepository = ReturnType<typeof createSellerOrderRepository>;
