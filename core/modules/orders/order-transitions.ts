import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../../domain/errors';
import { OrderStatus, canTransition } from '../../domain/order-status';
import { sqlIn, type Tx } from '../../infra/prisma';
import { appendEvent, appendPreparedEvent, prepareEvent } from '../outbox/outbox-writer';
import { actorToDb, DbOrderStatus, DbPaymentType, statusFromDb, statusToDb, type ActorName } from './order-enums';
import { toOrderDto, type OrderRow } from './order-mapper';
import { readOrder, writeOrderChange, type OrderChange } from './order-statements';
import { refundCapturedPayments } from '../payments/refund-service';

export type TransitionRequest = {
  orderId: string;
  to?: OrderStatus;
  isPaid?: boolean;
  actor: { type: ActorName; id?: string };
  note?: string;
  /** Only this user's order may change (404 otherwise); sellers and workers leave it unset. */
  ownerId?: string;
  /** Only this store's order may change (404 otherwise): checked on the order as read, under its lock in a transaction. */
  sellerId?: string;
  /** The delivery promise to record when this change moves the order On The Way (ignored otherwise). */
  promisedAt?: Date;
  /** A caller's own rule, checked on the order as read before anything changes (throw to refuse). */
  guard?: (current: { status: OrderStatus; isPaid: boolean }) => void;
};

/** `event`: the change's announcement, committed with it (none when nothing changed). */
export type TransitionResult = { order: OrderRow; changed: boolean; event?: ReturnType<typeof announcement> };

/**
 * The one way an order changes after it is placed, used by seller routes and by workers alike
 * (docs/architecture.md, invariant 4). Inside the caller's transaction it reads the order under its row lock, checks
 * the change (`planChange`), writes it with its history row and bumped version, announces `order.status_changed`
 * through the outbox and, on cancellation, returns the reserved stock. Asking for the state the order is already in
 * changes nothing, which is what makes event consumers idempotent.
 */
export async function transitionOrder(tx: Tx, req: TransitionRequest): Promise<TransitionResult> {
  // Row lock first: concurrent changes to one order apply one after the other, each seeing the last.
  const sql = sqlIn(tx);
  const current = await readOrder(sql, req.orderId, { lock: true });
  if (!current) throw notFound('order_not_found', 'Order not found');
  const change = planChange(current, req);
  if (!change) return { order: current, changed: false };

  if (!hasSideEffects(change)) {
    const event = announcement(change);
    await writeOrderChange(sql, change, event);
    return { order: change.order, changed: true, event };
  }
  await writeOrderChange(sql, change);
  let order = change.order;
  if (change.to === OrderStatus.Cancelled) {
    await releaseStock(tx, order);
    if (order.paymentType === DbPaymentType.ONLINE) {
      await refundCapturedPayments(tx, order.id, req.note ?? 'Order cancelled');
      // The refunds just recorded are part of the order as answered and announced: read it again.
      order = (await readOrder(sql, order.id, { lock: false }))!;
    }
  }
  if (change.from === OrderStatus.Pending && change.to === OrderStatus.OrderPlaced) await clearBoughtFromCart(tx, order);
  // Stock and cart rows are not part of the order: nothing it shows changed since it was read back.
  const event = announcement({ ...change, order });
  await appendPreparedEvent(tx, 'order.status_changed', event);
  return { order, changed: true, event };
}

/**
 * Checks a requested change against the order as read: null when it asks for what the order already is, the change
 * otherwise; throws the refusal (404 for another shopper's or store's order, 409 for a move the rules forbid).
 */
export function planChange(current: OrderRow, req: TransitionRequest, now = new Date()): OrderChange | null {
  if ((req.ownerId && current.userId !== req.ownerId) || (req.sellerId && current.sellerId !== req.sellerId)) {
    throw notFound('order_not_found', 'Order not found');
  }
  const from = statusFromDb(current.status);
  const online = current.paymentType === DbPaymentType.ONLINE;
  req.guard?.({ status: from, isPaid: current.isPaid });

  const to = req.to ?? from;
  const isPaid = req.isPaid ?? current.isPaid;
  if (to === from && isPaid === current.isPaid) return null;

  if (to !== from && !canTransition(from, to)) {
    throw conflict('invalid_transition', `Order cannot move from ${from} to ${to}`, { from, to });
  }
  if (current.isPaid && !isPaid && (online || req.actor.type !== 'seller')) {
    throw conflict('already_paid', 'A paid online order cannot be marked unpaid');
  }
  if (isPaid !== current.isPaid && to === OrderStatus.Cancelled) {
    throw conflict('order_cancelled', 'A cancelled order cannot change its paid state');
  }
  // Cash the store holds has no refund path: the store hands it back and marks the order unpaid, then cancels it. So a
  // cancelled cash order never reads as paid with nothing owed back.
  if (to === OrderStatus.Cancelled && to !== from && !online && isPaid) {
    throw conflict(
      'cash_collected',
      req.actor.type === 'seller'
        ? "This order's cash is marked as collected: hand the cash back and mark the order unpaid, then cancel it"
        : 'The store has already collected the cash for this order, so it cannot be cancelled here: please contact the store',
    );
  }
  const promisedAt = to !== from && to === OrderStatus.OnTheWay ? req.promisedAt : undefined;
  return changeOf(current, { to, isPaid, actor: req.actor, note: req.note, promisedAt }, now);
}

/** A cancellation (stock back, refunds) or a payment placing a Pending order (cart) needs more than the order's row. */
export function hasSideEffects(change: OrderChange): boolean {
  return change.to !== change.from && (change.to === OrderStatus.Cancelled || change.from === OrderStatus.Pending);
}

/**
 * The order a change leaves: the new state, a bumped version and its history row last. The order's `updatedAt` and
 * the row's `at` are one moment, by which a client tells the update that made a move from later ones that keep the row.
 */
function changeOf(current: OrderRow, change: { to: OrderStatus; isPaid: boolean; actor: TransitionRequest['actor']; note?: string; promisedAt?: Date }, now: Date): OrderChange {
  const history = {
    id: randomUUID(),
    orderId: current.id,
    fromStatus: current.status,
    toStatus: statusToDb(change.to),
    isPaid: change.isPaid !== current.isPaid ? change.isPaid : null,
    actorType: actorToDb(change.actor.type),
    actorId: change.actor.id ?? null,
    note: change.note ?? null,
    at: now,
  };
  const order: OrderRow = {
    ...current,
    status: statusToDb(change.to),
    isPaid: change.isPaid,
    version: current.version + 1,
    promisedAt: change.promisedAt ?? current.promisedAt,
    updatedAt: now,
    history: [...current.history, history],
  };
  return { from: statusFromDb(current.status), to: change.to, readVersion: current.version, order, history };
}

/**
 * `order.status_changed`, carrying the order as the change leaves it: the worker announces it as it is, and
 * clients keep the newest version of an order whatever order the announcements arrive in.
 */
export function announcement({ from, to, order }: Pick<OrderChange, 'from' | 'to' | 'order'>) {
  return prepareEvent('order.status_changed', {
    orderId: order.id,
    userId: order.userId,
    from,
    to,
    isPaid: order.isPaid,
    version: order.version,
    order: toOrderDto(order),
  });
}

/**
 * An online order placed for good (paid, or restored by a late payment): the cart lines it bought are done with. They
 * stayed while the shopper could still walk away from Checkout; the rest of the cart stays too.
 */
async function clearBoughtFromCart(tx: Tx, order: OrderRow): Promise<void> {
  const productIds = [...new Set(order.items.map((i) => i.productId))];
  await tx.$executeRaw`DELETE FROM cart_items WHERE user_id = ${order.userId}::uuid AND product_id = ANY(${productIds}::uuid[])`;
}

/**
 * How long after the system cancelled an order a payment for it still restores it. Later than that, the shopper was
 * told long ago that the order is cancelled and may well have ordered again: delivering it then (and taking its items
 * out of the cart) would be a surprise, so the payment is refunded instead. A UPI collect approved late, or its
 * webhook retried, usually lands well within the hour.
 */
export const RESTORE_WITHIN_MS = 60 * 60_000;

/**
 * A payment captured after the system cancelled its order (expired unpaid, or the gateway failed at the start)
 * restores the order to Order Placed and paid, if every unit it held can be taken again; the shopper paid for it and
 * the order was never cancelled by a person. Orders cancelled by the shopper or the seller stay cancelled (Cancelled is
 * final for people), as do orders whose stock has gone or whose store stopped selling meanwhile: those payments are
 * refunded instead. So is a payment that comes more than `RESTORE_WITHIN_MS` after the cancel. An order with a refund
 * already recorded stays cancelled whatever comes later (a second delivery of that payment's news). Returns whether the
 * order was restored; the caller holds the order's row lock.
 */
export async function restoreCancelledOrder(tx: Tx, req: { orderId: string; note: string }): Promise<boolean> {
  const sql = sqlIn(tx);
  const current = await readOrder(sql, req.orderId, { lock: true });
  if (!current || current.status !== DbOrderStatus.CANCELLED || current.isPaid) return false;
  const cancel = current.history.at(-1);
  if (cancel?.actorType !== actorToDb('system')) return false;
  if (Date.now() - cancel.at.getTime() > RESTORE_WITHIN_MS) return false;
  // Money already on its way back for this order (a late capture refunded while its stock was gone) settles it for good:
  // restoring it now would ship the goods and refund them too.
  if (current.refunds.length > 0) return false;
  if (!(await takeStockAgain(tx, current.id, current.items))) return false;
  const change = changeOf(current, { to: OrderStatus.OrderPlaced, isPaid: true, actor: { type: 'system' }, note: req.note }, new Date());
  await writeOrderChange(sql, change, announcement(change));
  await clearBoughtFromCart(tx, change.order);
  return true;
}

/**
 * Takes an order's units again, all or none, and only while the order's store still sells (approved, as a new checkout
 * requires): the product rows are locked in id order (as `place_checkout` does; FOR NO KEY UPDATE, as its updates lock
 * them, so new order and cart lines' key checks do not wait), checked, and only then decremented, so a shortfall or a
 * suspended store leaves the transaction clean and every product as it was. Like a new checkout, it takes from the
 * products that count their stock now, and its lines record which ones hold units.
 */
async function takeStockAgain(tx: Tx, orderId: string, items: { productId: string; quantity: number }[]): Promise<boolean> {
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const ids = [...wanted.keys()].sort();
  const rows = await tx.$queryRaw<{ id: string; stock_quantity: number | null; in_stock: boolean; deleted: boolean }[]>`
    SELECT id::text, stock_quantity, in_stock, deleted_at IS NOT NULL AS deleted
      FROM products WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
  const available = rows.length === ids.length && rows.every((p) => !p.deleted && p.in_stock && (p.stock_quantity === null || p.stock_quantity >= wanted.get(p.id)!));
  if (!available) return false;
  // Read once the products are locked, and without locking the store: a change of standing writes the store and then
  // locks its products, so a suspension that got to them first has committed and is seen here, and one that did not
  // waits for this restore to commit, as it waits for a checkout. Locking the store behind the products could deadlock.
  const store = await tx.$queryRaw<{ selling: boolean }[]>`
    SELECT s.status = 'approved' AS selling FROM orders o JOIN sellers s ON s.id = o.seller_id WHERE o.id = ${orderId}::uuid`;
  if (!store[0]?.selling) return false;
  for (const p of rows.filter((r) => r.stock_quantity !== null)) {
    const left = p.stock_quantity! - wanted.get(p.id)!;
    await tx.$executeRaw`
      UPDATE products SET stock_quantity = ${left}, in_stock = ${left > 0}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = ${p.id}::uuid`;
    if (left === 0) await appendEvent(tx, 'stock.changed', { productId: p.id, reason: 'ordered' });
  }
  await tx.$executeRaw`
    UPDATE order_items i SET stock_taken = p.stock_quantity IS NOT NULL
      FROM products p WHERE i.order_id = ${orderId}::uuid AND p.id = i.product_id`;
  return true;
}

/**
 * Locks the products of every line of these orders, in product id order, for a transaction that gives back or takes
 * again the stock of several orders (a checkout's expiry, a gateway that failed at its start, a late payment). Each
 * order's own updates go in id order, but one order after the other they would not: holding the first order's product
 * P9 and waiting for the second's P1, while a checkout that locked P1 (in id order) waits for P9, is a deadlock. FOR NO
 * KEY UPDATE is what those updates take anyway, and leaves the foreign-key checks of new order and cart lines free.
 */
export async function lockStockOf(tx: Tx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.$queryRaw`
    SELECT id FROM products
     WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ANY(${[...orderIds]}::uuid[]))
     ORDER BY id FOR NO KEY UPDATE`;
}

/**
 * Gives a cancelled order's units back, exactly once: only the transition into Cancelled calls it, under the order's
 * row lock, and only the lines that hold units (`stock_taken`: a line placed while its product did not count its stock
 * took none, whatever the product counts now), which then hold none. A product that had run out is in stock again.
 * Rows are locked in product id order, as `place_checkout` locks them, so a cancellation and a checkout sharing
 * products cannot deadlock (a transaction cancelling several orders locks all their products first: `lockStockOf`).
 */
async function releaseStock(tx: Tx, order: OrderRow): Promise<void> {
  const held = await tx.$queryRaw<{ product_id: string; quantity: number }[]>`
    UPDATE order_items SET stock_taken = false WHERE order_id = ${order.id}::uuid AND stock_taken
    RETURNING product_id::text, quantity`;
  held.sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0));
  for (const item of held) {
    const released = await tx.$executeRaw`
      UPDATE products
         SET stock_quantity = stock_quantity + ${item.quantity},
             in_stock = CASE WHEN stock_quantity = 0 THEN true ELSE in_stock END,
             updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = ${item.product_id}::uuid AND stock_quantity IS NOT NULL`;
    if (released > 0) await appendEvent(tx, 'stock.changed', { productId: item.product_id, reason: 'released' });
  }
}
