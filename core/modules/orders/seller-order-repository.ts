import { OrderStatus } from '../../domain/order-status';
import { onOneConnection, sqlOf, type Db, type Sql } from '../../infra/prisma';
import { statusToDb } from './order-enums';
import type { OrderRow } from './order-mapper';
import { readOrder, readOrders, writeOrderChange, type OrderChange } from './order-statements';

const ON_THE_WAY: string = OrderStatus.OnTheWay;

/**
 * The seller board's reads: one store's orders, late ones first (On The Way past the time promised to the shopper, so
 * they lead the board on every page, not only the page they happen to fall on), then newest first.
 */
export function createSellerOrderRepository(db: Db) {
  const sql = sqlOf(db);
  return {
    async page(sellerId: string, filter: { status?: OrderStatus }, page: { skip: number; take: number }): Promise<{ rows: OrderRow[]; total: number }> {
      const status = filter.status ? statusToDb(filter.status) : null;
      const where = { sellerId, ...(status ? { status } : {}) };
      // The enum's database label for On The Way is the domain's word (the schema @maps it). Promises are stored in UTC
      // without a zone: compared with the UTC clock, not the session's, whatever zone the database was set up in.
      const [ids, total] = await Promise.all([
        sql.rows<{ id: string }>(
          `SELECT id::text FROM orders
            WHERE seller_id = $1 AND ($2::text IS NULL OR status::text = $2)
            ORDER BY (status = $3 AND promised_at < now() AT TIME ZONE 'UTC') DESC, created_at DESC, id DESC
            OFFSET $4 LIMIT $5`,
          [sellerId, filter.status ?? null, ON_THE_WAY, page.skip, page.take],
        ),
        db.order.count({ where }),
      ]);
      return { rows: await readOrders(sql, ids.map((r) => r.id)), total };
    },

    /**
     * Runs `work` with a board move's statements on one connection of the board lane (core/infra/prisma.ts), each
     * committing by itself: a move does not queue behind the checkouts for a pooled connection.
     */
    moving<T>(work: (move: BoardMoveStatements) => Promise<T>): Promise<T> {
      return onOneConnection(db, (sql) => work(boardMoveStatements(sql)), 'board');
    },
  };
}
export type SellerOrderRepository = ReturnType<typeof createSellerOrderRepository>;

/** A board move without a transaction: read the order, then write the change if nobody changed the order meanwhile. */
function boardMoveStatements(sql: Sql) {
  return {
    /** The order as it is now, without a lock: a change worked out from it applies only if it is still so. */
    find(orderId: string): Promise<OrderRow | null> {
      return readOrder(sql, orderId, { lock: false });
    },

    /** Writes a change and its announcement in one statement, if the order still has the version it was read at. */
    apply(change: OrderChange, event: Parameters<typeof writeOrderChange>[2]): Promise<boolean> {
      return writeOrderChange(sql, change, event);
    },
  };
}
export type BoardMoveStatements = ReturnType<typeof boardMoveStatements>;
