import { EventName, QUEUE_OF, type EventDataOf } from '../../contracts/events';
import type { AddressDto } from '../../contracts/http/addresses';
import type { OrderStatus } from '../../domain/order-status';
import { onOneConnection, sqlOf, type Db, type Prisma, type Sql, type Tx } from '../../infra/prisma';
import type { AddressRow } from '../addresses/address-repository';
import { DbOrderStatus, DbPaymentType, type PaymentTypeName } from './order-enums';
import type { OrderRow } from './order-mapper';
import { readOrder, readOrders } from './order-statements';

export type OrderProduct = {
  id: string;
  name: string;
  category: string;
  images: string[];
  offerPricePaise: number;
  inStock: boolean;
  stockQuantity: number | null;
  /** The store that sells it: a checkout has one order per store. */
  sellerId: string;
  storeName: string;
};

/** Everything a checkout reads before it writes, fetched in one round trip. */
export type CheckoutContext = {
  /** The checkout an earlier submit with the same Idempotency-Key placed, if any. */
  existingCheckoutId: string | null;
  /** The chosen address if it is the shopper's own; null otherwise. */
  address: AddressRow | null;
  /** Current prices and stock of the asked-for products on sale: not deleted, and sold by an approved store. */
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

/** One store's order of a checkout. */
export type NewOrder = {
  id: string;
  orderId: string;
  sellerId: string;
  amountPaise: number;
  feePaise: number;
  items: NewOrderItem[];
  historyId: string;
  /** The `order.placed` outbox event written with the order. */
  event: { id: string; payload: unknown };
};

export type NewCheckout = {
  id: string;
  checkoutId: string;
  userId: string;
  amountPaise: number;
  feePaise: number;
  status: OrderStatus;
  paymentType: PaymentTypeName;
  address: AddressDto;
  idempotencyKey: string | null;
  /** SHA-256 of what was ordered, stored with the idempotency key. */
  idempotencyFingerprint: string | null;
  /** When it was placed: the orders' creation time and their first history rows'. */
  placedAt: Date;
  /** When Pending online orders expire; null for orders placed for good. */
  expiresAt: Date | null;
  /** Unpaid online checkouts the shopper may hold at once, this one included. */
  maxUnpaid: number | null;
  orders: NewOrder[];
};

/** One order of a checkout, as the payment flow sees it. */
export type CheckoutOrderState = { id: string; userId: string; sellerId: string; status: DbOrderStatus; isPaid: boolean; amountPaise: number; feePaise: number };

/**
 * What the payment flow needs to know of a checkout to decide whether a payment may still change it: its orders
 * (one per store, in id order, which is also the order their rows are locked in).
 */
export type CheckoutPaymentState = {
  id: string;
  /** The human checkout id (CK…). */
  checkoutId: string;
  userId: string;
  paymentType: DbPaymentType;
  amountPaise: number;
  createdAt: Date;
  /** While Pending: when the orders are cancelled unless paid. */
  expiresAt: Date | null;
  /** The delivery phone of the address snapshot (Checkout's prefill when the account has none). */
  address: Prisma.JsonValue;
  orders: CheckoutOrderState[];
};

const checkoutStateFields = {
  id: true,
  checkoutId: true,
  userId: true,
  paymentType: true,
  amountPaise: true,
  createdAt: true,
  orders: { select: { id: true, userId: true, sellerId: true, status: true, isPaid: true, amountPaise: true, feePaise: true, expiresAt: true, address: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.CheckoutSelect;

function toCheckoutState(row: Prisma.CheckoutGetPayload<{ select: typeof checkoutStateFields }> | null): CheckoutPaymentState | null {
  if (!row) return null;
  const orders = row.orders.map(({ expiresAt: _e, address: _a, ...order }) => order);
  return { id: row.id, checkoutId: row.checkoutId, userId: row.userId, paymentType: row.paymentType, amountPaise: row.amountPaise, createdAt: row.createdAt, expiresAt: row.orders[0]?.expiresAt ?? null, address: row.orders[0]?.address ?? null, orders };
}

/** Why a product that an order sells out is announced (`stock.changed`). */
const SOLD_OUT_REASON: EventDataOf<'stock.changed'>['reason'] = 'ordered';

/**
 * The names `place_checkout` writes, in its parameter order: the orders' event and queue, the sold-out product's event,
 * queue and reason, and no channel to NOTIFY (the relays are woken after the commit: `sql.outboxWritten()`). They live
 * in the contracts; the database function takes them from here instead of spelling them itself.
 */
const PLACE_ORDER_NAMES = [
  EventName.OrderPlaced,
  QUEUE_OF[EventName.OrderPlaced],
  EventName.StockChanged,
  QUEUE_OF[EventName.StockChanged],
  SOLD_OUT_REASON,
  null,
] as const;

/**
 * The SQLSTATE `place_checkout` raises when a counted product has too few units left, or any product is no longer on
 * sale (deleted or switched off since the checkout's read); its id is the DETAIL.
 */
const OUT_OF_STOCK_SQLSTATE = 'FC409';
/** The SQLSTATE `place_checkout` raises when the shopper already holds their allowance of unpaid online checkouts. */
const TOO_MANY_UNPAID_SQLSTATE = 'FC429';
/** The SQLSTATE `place_checkout` raises when a store of the checkout no longer sells (its id is the DETAIL). */
const STORE_NOT_SELLING_SQLSTATE = 'FC410';
/**
 * The SQLSTATE `place_checkout` raises when a product started or stopped counting its stock since the checkout's read
 * (its id is the DETAIL): the checkout was built on a stale read.
 */
const COUNT_CHANGED_SQLSTATE = 'FC412';

/**
 * Why nothing was written, if so: the product with too few units, the store that stopped selling, the unpaid limit,
 * the product whose stock counting changed since the read.
 */
export type InsertOutcome = { soldOut: string | null; storeNotSelling: string | null; tooManyUnpaid: boolean; countChanged: string | null };
const WRITTEN: InsertOutcome = { soldOut: null, storeNotSelling: null, tooManyUnpaid: false, countChanged: null };

/**
 * Orders are read through Prisma and plain statements on Prisma's own pool (`sqlOf`, core/infra/prisma.ts); placing
 * one is `checkoutStatements` below, on one connection.
 */
export function createOrderRepository(db: Db) {
  const sql = sqlOf(db);
  return {
    findById(id: string): Promise<OrderRow | null> {
      return readOrder(sql, id, { lock: false });
    },

    /** A shopper's orders, newest first, with the total count for paging; read as the seller board reads its page. */
    async pageForUser(userId: string, page?: { skip: number; take: number }): Promise<{ rows: OrderRow[]; total: number }> {
      const [ids, total] = await Promise.all([
        sql.rows<{ id: string }>(
          `SELECT id::text FROM orders WHERE user_id = $1::uuid ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
          [userId, page?.skip ?? 0, page?.take ?? null],
        ),
        db.order.count({ where: { userId } }),
      ]);
      return { rows: await readOrders(sql, ids.map((r) => r.id)), total };
    },

    /** The checkout an order belongs to, as the payment flow sees it; null when there is no such order. */
    async checkoutOfOrder(orderId: string): Promise<CheckoutPaymentState | null> {
      const order = await db.order.findUnique({ where: { id: orderId }, select: { checkout: { select: checkoutStateFields } } });
      return toCheckoutState(order?.checkout ?? null);
    },

    async checkoutState(checkoutId: string): Promise<CheckoutPaymentState | null> {
      return toCheckoutState(await db.checkout.findUnique({ where: { id: checkoutId }, select: checkoutStateFields }));
    },

    /**
     * Every order row of the checkout locked until the transaction ends, in id order (as the order transition locks
     * one of them), so settle, expire, verify intake and a cancellation see one another's writes.
     */
    async lockCheckout(tx: Tx, checkoutId: string): Promise<CheckoutPaymentState | null> {
      await tx.$queryRaw`SELECT id FROM orders WHERE checkout_id = ${checkoutId}::uuid ORDER BY id FOR UPDATE`;
      return toCheckoutState(await tx.checkout.findUnique({ where: { id: checkoutId }, select: checkoutStateFields }));
    },

    /** Online checkouts with an order still Pending and unpaid since before `createdBefore`, oldest first. */
    async stalePendingOnline(createdBefore: Date, limit: number): Promise<CheckoutPaymentState[]> {
      const rows = await db.checkout.findMany({
        where: { paymentType: DbPaymentType.ONLINE, createdAt: { lt: createdBefore }, orders: { some: { status: DbOrderStatus.PENDING, isPaid: false } } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: checkoutStateFields,
      });
      return rows.map((row) => toCheckoutState(row)!);
    },

    /**
     * Runs `work` with a checkout's statements on one pooled connection, each committing by itself: a checkout waits
     * for a connection once, not once per statement (core/infra/prisma.ts `onOneConnection`).
     */
    placing<T>(work: (checkout: CheckoutStatements) => Promise<T>): Promise<T> {
      return onOneConnection(db, (sql) => work(checkoutStatements(sql)));
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;

/**
 * Placing an order, the hottest write of the marketplace: one read of what the checkout needs and one call of the
 * `place_checkout` function, and on a repeated Idempotency-Key the checkout it placed before. Plain statements, not
 * Prisma (core/infra/prisma.ts `Sql`).
 */
function checkoutStatements(sql: Sql) {
  return {
    /** The checkout an Idempotency-Key placed, with its orders (the one with the fee first); null when the key is new. */
    async findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<{ id: string; checkoutId: string; fingerprint: string | null; orders: OrderRow[] } | null> {
      const [checkout] = await sql.rows<{ id: string; checkoutId: string; fingerprint: string | null; orderIds: string[] }>(
        `SELECT c.id::text, c.checkout_id AS "checkoutId", c.idempotency_fingerprint AS fingerprint,
                (SELECT coalesce(array_agg(o.id::text ORDER BY o.fee_paise DESC, o.created_at, o.order_id), '{}')
                   FROM orders o WHERE o.checkout_id = c.id) AS "orderIds"
           FROM checkouts c WHERE c.user_id = $1 AND c.idempotency_key = $2`,
        [userId, idempotencyKey],
      );
      if (!checkout) return null;
      return { id: checkout.id, checkoutId: checkout.checkoutId, fingerprint: checkout.fingerprint, orders: await readOrders(sql, checkout.orderIds) };
    },

    /**
     * The idempotency key's earlier order, the owned address and the products, in one statement: a checkout is the
     * hottest write path, and every round trip costs more CPU than the SQL it carries.
     */
    async loadCheckout(q: { userId: string; addressId: string; productIds: string[]; idempotencyKey: string | null }): Promise<CheckoutContext> {
      const [row] = await sql.rows<CheckoutContext>(
        `SELECT
           (SELECT id::text FROM checkouts WHERE user_id = $1 AND idempotency_key = $2) AS "existingCheckoutId",
           (SELECT jsonb_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'street', street,
                                      'city', city, 'state', state, 'zipcode', zipcode, 'country', country, 'phone', phone)
              FROM addresses WHERE id = $3 AND user_id = $1) AS address,
           (SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'category', p.category, 'images', p.images,
                                      'offerPricePaise', p.offer_price_paise, 'inStock', p.in_stock, 'stockQuantity', p.stock_quantity,
                                      'sellerId', p.seller_id, 'storeName', s.store_name)), '[]')
              FROM products p JOIN sellers s ON s.id = p.seller_id AND s.status = 'approved'
             WHERE p.id = ANY($4::uuid[]) AND p.deleted_at IS NULL) AS products`,
        [q.userId, q.idempotencyKey, q.addressId, q.productIds],
      );
      return row!;
    },

    /**
     * Writes the checkout and its orders, each with its items, first history row and outbox event, empties the cart
     * and reserves the stock of every counted product, all in one call of the `place_checkout` function (see its
     * migration): the stock guard makes check-and-decrement one atomic step, so two checkouts racing for the last unit
     * cannot both win, and one store's missing unit fails every store's order. Returns the product that had too few
     * units left or the store that stopped selling since the checkout's read, if any, in which case nothing was
     * written. A repeated idempotency key or order number throws the database's unique violation.
     */
    async insertCheckout(checkout: NewCheckout): Promise<InsertOutcome> {
      const head = {
        id: checkout.id,
        checkoutId: checkout.checkoutId,
        userId: checkout.userId,
        amountPaise: checkout.amountPaise,
        feePaise: checkout.feePaise,
        // The domain's words are the database's enum labels ('COD', 'Online').
        paymentType: checkout.paymentType,
        idempotencyKey: checkout.idempotencyKey,
        idempotencyFingerprint: checkout.idempotencyFingerprint,
      };
      const orders = checkout.orders.map((o) => ({ ...o, eventId: o.event.id, eventPayload: o.event.payload, event: undefined }));
      try {
        await sql.rows(`SELECT place_checkout($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`, [
          JSON.stringify(head), JSON.stringify(orders), checkout.status, JSON.stringify(checkout.address), checkout.placedAt.toISOString(),
          ...PLACE_ORDER_NAMES, checkout.expiresAt?.toISOString() ?? null, checkout.maxUnpaid,
        ]);
        sql.outboxWritten();
        return WRITTEN;
      } catch (error) {
        const cause = error as { code?: string; detail?: string };
        if (cause.code === OUT_OF_STOCK_SQLSTATE && cause.detail) return { ...WRITTEN, soldOut: cause.detail };
        if (cause.code === STORE_NOT_SELLING_SQLSTATE && cause.detail) return { ...WRITTEN, storeNotSelling: cause.detail };
        if (cause.code === TOO_MANY_UNPAID_SQLSTATE) return { ...WRITTEN, tooManyUnpaid: true };
        if (cause.code === COUNT_CHANGED_SQLSTATE && cause.detail) return { ...WRITTEN, countChanged: cause.detail };
        throw error;
      }
    },
  };
}
export type CheckoutStatements = ReturnType<typeof checkoutStatements>;
