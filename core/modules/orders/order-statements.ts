import type { EventDataOf } from '../../contracts/events';
import { sqlParams, type Sql } from '../../infra/prisma';
import { outboxInsert } from '../outbox/outbox-writer';
import { actorToDb, paymentTypeToDb, statusToDb, type ActorName, type PaymentTypeName } from './order-enums';
import type { OrderRow } from './order-mapper';
import type { OrderStatus } from '../../domain/order-status';

/**
 * An order's change in two statements: one read of the order with everything it shows (items, history, refunds,
 * checkout and store), and one write of the change with its history row and its announcement. They serve the
 * transaction that holds the order's row lock (order-transitions.ts) and the seller's single-statement change, which
 * applies only if the order still has the version it was read at (seller-order-service.ts); the seller board reads its
 * pages the same way. Before, a change was seven round trips through Prisma; on a 2-core machine a round trip's
 * wake-ups cost more than its SQL.
 */

/** The order as `orderInclude` loads it, as one JSON value. Timestamps are stored in UTC without a zone. */
const ORDER_JSON = `json_build_object(
  'id', o.id, 'orderId', o.order_id, 'userId', o.user_id, 'checkoutId', o.checkout_id, 'sellerId', o.seller_id,
  'amountPaise', o.amount_paise, 'feePaise', o.fee_paise, 'status', o.status, 'paymentType', o.payment_type,
  'isPaid', o.is_paid, 'version', o.version, 'address', o.address, 'expiresAt', o.expires_at,
  'promisedAt', o.promised_at, 'createdAt', o.created_at, 'updatedAt', o.updated_at,
  'items', (SELECT coalesce(json_agg(json_build_object(
              'id', i.id, 'orderId', i.order_id, 'productId', i.product_id, 'name', i.name, 'image', i.image,
              'category', i.category, 'unitPricePaise', i.unit_price_paise, 'quantity', i.quantity) ORDER BY i.id), '[]')
              FROM order_items i WHERE i.order_id = o.id),
  'history', (SELECT coalesce(json_agg(json_build_object(
                'id', h.id, 'orderId', h.order_id, 'fromStatus', h.from_status, 'toStatus', h.to_status, 'isPaid', h.is_paid,
                'actorType', h.actor_type, 'actorId', h.actor_id, 'note', h.note, 'at', h.at) ORDER BY h.at, h.id), '[]')
                FROM order_history h WHERE h.order_id = o.id),
  'refunds', (SELECT coalesce(json_agg(json_build_object('status', r.status, 'amountPaise', r.amount_paise) ORDER BY r.created_at), '[]')
                FROM refunds r WHERE r.order_id = o.id),
  'checkout', json_build_object('checkoutId', c.checkout_id),
  'seller', json_build_object('id', s.id, 'storeName', s.store_name))`;

const FROM_ORDERS = `FROM orders o JOIN checkouts c ON c.id = o.checkout_id JOIN sellers s ON s.id = o.seller_id`;
const READ = `SELECT ${ORDER_JSON} AS "order" ${FROM_ORDERS} WHERE o.id = $1::uuid`;
const READ_LOCKED = `${READ} FOR UPDATE OF o`;
const READ_MANY = `SELECT ${ORDER_JSON} AS "order" ${FROM_ORDERS} WHERE o.id = ANY($1::uuid[])`;

/** Both `pg` and Prisma's raw queries hand a json column over parsed. */
type OrderColumn = { order: OrderJson };
const rowOf = ({ order }: OrderColumn) => orderRowOf(order);

/** The order as it is now, or null; `lock` takes its row lock for the rest of the caller's transaction. */
export async function readOrder(sql: Sql, orderId: string, opts: { lock: boolean }): Promise<OrderRow | null> {
  const [row] = await sql.rows<OrderColumn>(opts.lock ? READ_LOCKED : READ, [orderId]);
  return row ? rowOf(row) : null;
}

/** These orders, in the order their ids are given (ids of no order are left out). */
export async function readOrders(sql: Sql, orderIds: string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  const rows = (await sql.rows<OrderColumn>(READ_MANY, [orderIds])).map(rowOf);
  const position = new Map(orderIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

type HistoryRow = OrderRow['history'][number];

/** A change worked out against the order as read (order-transitions.ts `planChange`). */
export type OrderChange = {
  from: OrderStatus;
  to: OrderStatus;
  /** The version the order had when read: the write applies only if it still has it. */
  readVersion: number;
  /** The order as the change leaves it, its new history row last. */
  order: OrderRow;
  history: HistoryRow;
};

/**
 * Writes a change, and its announcement when given, in one statement: the order's new state only if it still has the
 * version it was read at, and the history row and the outbox row only with it. Returns whether it applied.
 */
export async function writeOrderChange(
  sql: Sql,
  change: OrderChange,
  event?: { id: string; payload: EventDataOf<'order.status_changed'> },
): Promise<boolean> {
  const { values, p } = sqlParams();
  const { order, history } = change;
  const utc = (date: Date | null) => `${p(date?.toISOString() ?? null)}::timestamptz AT TIME ZONE 'UTC'`;
  const text = `
    WITH changed AS (
      UPDATE orders
         SET status = ${p(change.to)}::"OrderStatus", is_paid = ${p(order.isPaid)}::boolean, version = version + 1,
             promised_at = ${utc(order.promisedAt)}, updated_at = ${utc(order.updatedAt)}
       WHERE id = ${p(order.id)}::uuid AND version = ${p(change.readVersion)}::int
      RETURNING id
    ), history AS (
      INSERT INTO order_history (id, order_id, from_status, to_status, is_paid, actor_type, actor_id, note, at)
      SELECT ${p(history.id)}::uuid, id, ${p(change.from)}::"OrderStatus", ${p(change.to)}::"OrderStatus", ${p(history.isPaid)}::boolean,
             ${p(ACTOR_LABEL[history.actorType])}::"ActorType", ${p(history.actorId)}::text, ${p(history.note)}::text, ${utc(history.at)}
        FROM changed
    )${event ? `, event AS (${outboxInsert(p, 'order.status_changed', event, 'changed')})` : ''}
    SELECT true AS applied FROM changed`;
  const applied = (await sql.rows<{ applied: boolean }>(text, values)).length === 1;
  if (applied && event) sql.outboxWritten();
  return applied;
}

type OrderJson = Omit<OrderRow, 'status' | 'paymentType' | 'expiresAt' | 'promisedAt' | 'createdAt' | 'updatedAt' | 'history' | 'refunds'> & {
  status: OrderStatus;
  paymentType: PaymentTypeName;
  expiresAt: string | null;
  promisedAt: string | null;
  createdAt: string;
  updatedAt: string;
  history: (Omit<HistoryRow, 'fromStatus' | 'toStatus' | 'actorType' | 'at'> & { fromStatus: OrderStatus | null; toStatus: OrderStatus; actorType: ActorName; at: string })[];
  refunds: { status: 'pending' | 'processed' | 'failed'; amountPaise: number }[];
};

/** JSON renders a timestamp without its zone; the database keeps them in UTC. */
const utcDate = (text: string) => new Date(`${text}Z`);

const ACTOR_LABEL = { USER: 'user', SELLER: 'seller', SYSTEM: 'system' } as const;
const REFUND_STATUS_OF = { pending: 'PENDING', processed: 'PROCESSED', failed: 'FAILED' } as const;

/** The database's labels become Prisma's enum members, as an `orderInclude` read returns them. */
function orderRowOf(json: OrderJson): OrderRow {
  return {
    ...json,
    status: statusToDb(json.status),
    paymentType: paymentTypeToDb(json.paymentType),
    expiresAt: json.expiresAt ? utcDate(json.expiresAt) : null,
    promisedAt: json.promisedAt ? utcDate(json.promisedAt) : null,
    createdAt: utcDate(json.createdAt),
    updatedAt: utcDate(json.updatedAt),
    history: json.history.map((h) => ({
      ...h,
      fromStatus: h.fromStatus ? statusToDb(h.fromStatus) : null,
      toStatus: statusToDb(h.toStatus),
      actorType: actorToDb(h.actorType),
      at: utcDate(h.at),
    })),
    refunds: json.refunds.map((r) => ({ status: REFUND_STATUS_OF[r.status], amountPaise: r.amountPaise })),
  };
}
