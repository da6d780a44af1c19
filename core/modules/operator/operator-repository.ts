import type { OrderStatus } from '../../domain/order-status';
import type { Db } from '../../infra/prisma';
import { statusToDb } from '../orders/order-enums';
import { orderInclude, type OrderRow } from '../orders/order-mapper';

export type StoreTotalsRow = { sellerId: string; storeName: string; orders: number; units: number; grossPaise: number; refundsPaise: number };

/** The operator's reads across every store. */
export function createOperatorRepository(db: Db) {
  return {
    async orders(filter: { sellerId?: string; status?: OrderStatus }, page: { skip: number; take: number }): Promise<{ rows: OrderRow[]; total: number }> {
      const where = { ...(filter.sellerId ? { sellerId: filter.sellerId } : {}), ...(filter.status ? { status: statusToDb(filter.status) } : {}) };
      const [rows, total] = await Promise.all([
        db.order.findMany({ where, include: orderInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
        db.order.count({ where }),
      ]);
      return { rows, total };
    },

    /**
     * Per store, for the orders placed in [from, to): how many (cancelled and unpaid ones too), and of those sold the
     * units and the amount; plus the processed refunds on the period's orders. An order is sold once it is placed for
     * good: not cancelled, and not a Pending online order still waiting for its payment, which may never come (it is
     * cancelled when it expires), so counting it would change a past period's figures after the fact. Every approved
     * or suspended store is listed, with zeros when it sold nothing; a pending or rejected one only if it has orders.
     */
    async totals(from: Date, to: Date): Promise<StoreTotalsRow[]> {
      const rows = await db.$queryRaw<{ seller_id: string; store_name: string; orders: bigint; units: bigint; gross: bigint; refunds: bigint }[]>`
        WITH period AS (
          SELECT id, seller_id, amount_paise, status NOT IN ('Cancelled', 'Pending') AS sold
            FROM orders WHERE created_at >= ${from} AND created_at < ${to}
        ),
        per_order AS (
          SELECT p.seller_id, p.sold, p.amount_paise,
                 (SELECT coalesce(sum(quantity), 0) FROM order_items i WHERE i.order_id = p.id) AS units,
                 (SELECT coalesce(sum(amount_paise), 0) FROM refunds r WHERE r.order_id = p.id AND r.status = 'processed') AS refunds
            FROM period p
        )
        SELECT s.id::text AS seller_id, s.store_name,
               count(o.seller_id) AS orders,
               coalesce(sum(o.units) FILTER (WHERE o.sold), 0)::bigint AS units,
               coalesce(sum(o.amount_paise) FILTER (WHERE o.sold), 0)::bigint AS gross,
               coalesce(sum(o.refunds), 0)::bigint AS refunds
          FROM sellers s LEFT JOIN per_order o ON o.seller_id = s.id
         WHERE s.status IN ('approved', 'suspended') OR o.seller_id IS NOT NULL
         GROUP BY s.id, s.store_name
         ORDER BY s.store_name, s.id`;
      return rows.map((r) => ({
        sellerId: r.seller_id,
        storeName: r.store_name,
        orders: Number(r.orders),
        units: Number(r.units),
        grossPaise: Number(r.gross),
        refundsPaise: Number(r.refunds),
      }));
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
