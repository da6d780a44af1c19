import { EventName, QUEUE_OF, type EventDataOf } from '../../contracts/events';
import type { AddressDto } from '../../contracts/http/addresses';
import type { OrderStatus } from '../../domain/order-status';
import { sqlOf, type Db, type Prisma, type Tx } from '../../infra/prisma';
import type { AddressRow } from '../addresses/address-repository';
import { OUTBOX_CHANNEL } from '../outbox/outbox-writer';
import { DbOrderStatus, DbPaymentType, type PaymentTypeName } from './order-enums';
import { orderInclude, type OrderRow } from './order-mapper';

export type OrderProduct = {
  id: string;
  name: string;
  category: string;
  images: string[];
  offerPricePaise: number;
  inStock: boolean;
  stockQuantity: number | null;
};

/** Everything a checkout reads before it writes, fetched in one round trip. */
export type CheckoutContext = {
  /** The order an earlier submit with the same Idempotency-Key placed, if any. */
  existingOrderId: string | null;
  /** The chosen address if it is the shopper's own; null otherwise. */
  address: AddressRow | null;
  /** Current prices and stock of the asked-for products still for sale (not deleted). */
  products: OrderProduct[];
};

export type NewOrderItem = {
  id: string;
  productId: string;
  name: string;
  image: string;
  category: string;
  unitPricePaise: number;
  quantity: number;
  /** Whether the product counts its stock, i.e. whether placing the order takes units from it. */
  counted: boolean;
};

export type NewOrder = {
  id: string;
  orderId: string;
  userId: string;
  amountPaise: number;
  status: OrderStatus;
  paymentType: PaymentTypeName;
  address: AddressDto;
  idempotencyKey: string | null;
  items: NewOrderItem[];
  historyId: string;
  /** When it was placed: the order's creation time and its first history row's. */
  placedAt: Date;
  /** SHA-256 of what was ordered, stored with the idempotency key. */
  idempotencyFingerprint: string | null;
  /** When a Pending online order expires; null for orders placed for good. */
  expiresAt: Date | null;
  /** Pending online orders the shopper may hold at once, this one included. */
  maxUnpaid: number | null;
  /** The `order.placed` outbox event written with the order. */
  event: { id: string; payload: unknown };
};

/** What the payment flow needs to know of an order to decide whether a payment may still change it. */
export type OrderPaymentState = {
  id: string;
  userId: string;
  status: DbOrderStatus;
  isPaid: boolean;
  paymentType: DbPaymentType;
  createdAt: Date;
  /** While Pending: when the order is cancelled unless paid. */
  expiresAt: Date | null;
  /** The delivery phone of the order's address snapshot (Checkout's prefill when the account has none). */
  address: Prisma.JsonValue;
};

const paymentStateFields = { id: true, userId: true, status: true, isPaid: true, paymentType: true, createdAt: true, expiresAt: true, address: true } as const satisfies Prisma.OrderSelect;

/** Why a product that an order sells out is announced (`stock.changed`). */
const SOLD_OUT_REASON: EventDataOf<'stock.changed'>['reason'] = 'ordered';

/**
 * The names `place_order` writes, in its parameter order: the order's event and queue, the sold-out product's event,
 * queue and reason, and the relay's NOTIFY channel. They live in the contracts and the outbox writer; the database
 * function takes them from here instead of spelling them itself.
 */
const PLACE_ORDER_NAMES = [
  EventName.OrderPlaced,
  QUEUE_OF[EventName.OrderPlaced],
  EventName.StockChanged,
  QUEUE_OF[EventName.StockChanged],
  SOLD_OUT_REASON,
  OUTBOX_CHANNEL,
] as const;

/** The SQLSTATE `place_order` raises when a counted product has too few units left (its id is the DETAIL). */
const OUT_OF_STOCK_SQLSTATE = 'FC409';
/** The SQLSTATE `place_order` raises when the shopper already holds their allowance of unpaid online orders. */
const TOO_MANY_UNPAID_SQLSTATE = 'FC429';

export type InsertOutcome = { soldOut: string | null; tooManyUnpaid: boolean };

/**
 * Orders are read through Prisma. Placing one, the hottest write of the marketplace, is two plain statements on
 * Prisma's own pool (`sqlOf`, core/infra/prisma.ts): one read and one call of the `place_order` function.
 */
export function createOrderRepository(db: Db) {
  const sql = sqlOf(db);
  return {
    findById(id: string): Promise<OrderRow | null> {
      return db.order.findUnique({ where: { id }, include: orderInclude });
    },

    /** A shopper's orders, newest first, with the total count for paging. */
    async pageForUser(userId: string, page?: { skip: number; take: number }): Promise<{ rows: OrderRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        db.order.findMany({ where: { userId }, include: orderInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
        db.order.count({ where: { userId } }),
      ]);
      return { rows, total };
    },

    findPaymentState(id: string): Promise<OrderPaymentState | null> {
      return db.order.findUnique({ where: { id }, select: paymentStateFields });
    },

    /** The order row locked until the transaction ends, so settle, expire and verify intake see one another's writes. */
    async lockPaymentState(tx: Tx, id: string): Promise<OrderPaymentState | null> {
      await tx.$queryRaw`SELECT id FROM orders WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.order.findUnique({ where: { id }, select: paymentStateFields });
    },

    /** Online orders still Pending and unpaid since before `createdBefore`, oldest first. */
    stalePendingOnline(createdBefore: Date, limit: number): Promise<OrderPaymentState[]> {
      return db.order.findMany({
        where: { status: DbOrderStatus.PENDING, paymentType: DbPaymentType.ONLINE, isPaid: false, createdAt: { lt: createdBefore } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: paymentStateFields,
      });
    },

    findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<OrderRow | null> {
      return db.order.findFirst({ where: { userId, idempotencyKey }, include: orderInclude });
    },

    /**
     * The idempotency key's earlier order, the owned address and the products, in one statement: a checkout is the
     * hottest write path, and every round trip costs more CPU than the SQL it carries.
     */
    async loadCheckout(q: { userId: string; addressId: string; productIds: string[]; idempotencyKey: string | null }): Promise<CheckoutContext> {
      const [row] = await sql.rows<CheckoutContext>(
        `SELECT
           (SELECT id::text FROM orders WHERE user_id = $1 AND idempotency_key = $2) AS "existingOrderId",
           (SELECT jsonb_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'street', street,
                                      'city', city, 'state', state, 'zipcode', zipcode, 'country', country, 'phone', phone)
              FROM addresses WHERE id = $3 AND user_id = $1) AS address,
           (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name, 'category', category, 'images', images,
                                      'offerPricePaise', offer_price_paise, 'inStock', in_stock, 'stockQuantity', stock_quantity)), '[]')
              FROM products WHERE id = ANY($4::uuid[]) AND deleted_at IS NULL) AS products`,
        [q.userId, q.idempotencyKey, q.addressId, q.productIds],
      );
      return row!;
    },

    /**
     * Writes the order with its items, first history row, outbox event and emptied cart, and reserves the stock of
     * its counted products, all in one call of the `place_order` function (see its migration): the stock guard
     * makes check-and-decrement one atomic step, so two orders racing for the last unit cannot both win. Returns
     * the product that had too few units left, if any, in which case nothing was written. A repeated idempotency
     * key or order number throws the database's unique violation.
     */
    async insertPlaced(order: NewOrder): Promise<InsertOutcome> {
      try {
        await sql.rows(
          `SELECT place_order($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
          [
            order.id, order.orderId, order.userId, order.amountPaise, order.status, order.paymentType, JSON.stringify(order.address),
            order.idempotencyKey, JSON.stringify(order.items), order.historyId, order.event.id, JSON.stringify(order.event.payload),
            order.placedAt.toISOString(), ...PLACE_ORDER_NAMES,
            order.idempotencyFingerprint, order.expiresAt?.toISOString() ?? null, order.maxUnpaid,
          ],
        );
        return { soldOut: null, tooManyUnpaid: false };
      } catch (error) {
        const cause = error as { code?: string; detail?: string };
        if (cause.code === OUT_OF_STOCK_SQLSTATE && cause.detail) return { soldOut: cause.detail, tooManyUnpaid: false };
        if (cause.code === TOO_MANY_UNPAID_SQLSTATE) return { soldOut: null, tooManyUnpaid: true };
        throw error;
      }
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
