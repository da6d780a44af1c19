import { conflict, notFound } from '../../domain/errors';
import { OrderStatus, canTransition } from '../../domain/order-status';
import type { Tx } from '../../infra/prisma';
import { appendEvent } from '../outbox/outbox-writer';
import { actorToDb, statusToDb, type ActorName } from './order-enums';
import { orderInclude, type OrderRow } from './order-mapper';

export type TransitionRequest = {
  orderId: string;
  to?: OrderStatus;
  isPaid?: boolean;
  actor: { type: ActorName; id?: string };
  note?: string;
  /** Only this user's order may change (404 otherwise); sellers and workers leave it unset. */
  ownerId?: string;
  /** A caller's own rule, checked under the row lock before anything changes (throw to refuse). */
  guard?: (current: { status: OrderStatus; isPaid: boolean }) => void;
};

type LockedOrder = { id: string; user_id: string; status: OrderStatus; is_paid: boolean; payment_type: 'COD' | 'Online' };

export type TransitionResult = { order: OrderRow; changed: boolean };

/**
 * The one way an order changes after it is placed, used by seller routes and by workers alike
 * (docs/architecture.md, invariant 4). Inside the caller's transaction it locks the order row, checks the state machine,
 * writes a history row, bumps `version`, announces `order.status_changed` through the outbox and, on
 * cancellation, returns the reserved stock. Asking for the state the order is already in changes nothing, which is
 * what makes event consumers idempotent.
 */
export async function transitionOrder(tx: Tx, req: TransitionRequest): Promise<TransitionResult> {
  // Row lock first: concurrent changes to one order apply one after the other, each seeing the last. The enum
  // columns read as text are the domain's own words (the schema @maps them).
  const [current] = await tx.$queryRaw<LockedOrder[]>`
    SELECT id, user_id, status::text AS status, is_paid, payment_type::text AS payment_type
      FROM orders WHERE id = ${req.orderId}::uuid FOR UPDATE`;
  if (!current || (req.ownerId && current.user_id !== req.ownerId)) throw notFound('order_not_found', 'Order not found');
  req.guard?.({ status: current.status, isPaid: current.is_paid });

  const from = current.status;
  const to = req.to ?? from;
  const isPaid = req.isPaid ?? current.is_paid;
  if (to === from && isPaid === current.is_paid) {
    return { order: await tx.order.findUniqueOrThrow({ where: { id: current.id }, include: orderInclude }), changed: false };
  }

  if (to !== from && !canTransition(from, to)) {
    throw conflict('invalid_transition', `Order cannot move from ${from} to ${to}`, { from, to });
  }
  if (current.is_paid && !isPaid && (current.payment_type === 'Online' || req.actor.type !== 'seller')) {
    throw conflict('already_paid', 'A paid online order cannot be marked unpaid');
  }
  if (isPaid !== current.is_paid && to === OrderStatus.Cancelled) {
    throw conflict('order_cancelled', 'A cancelled order cannot change its paid state');
  }

  await tx.orderHistory.create({
    data: {
      orderId: current.id,
      fromStatus: statusToDb(from),
      toStatus: statusToDb(to),
      isPaid: isPaid !== current.is_paid ? isPaid : null,
      actorType: actorToDb(req.actor.type),
      actorId: req.actor.id ?? null,
      note: req.note ?? null,
    },
  });
  const order = await tx.order.update({
    where: { id: current.id },
    data: { status: statusToDb(to), isPaid, version: { increment: 1 } },
    include: orderInclude,
  });
  if (to === OrderStatus.Cancelled && from !== OrderStatus.Cancelled) await releaseStock(tx, order);

  await appendEvent(tx, 'order.status_changed', {
    orderId: order.id,
    userId: order.userId,
    from,
    to,
    isPaid: order.isPaid,
    version: order.version,
  });
  return { order, changed: true };
}

/**
 * Gives a cancelled order's units back; a product that had run out is in stock again. Rows are locked in product id
 * order, as `place_order` locks them, so a cancellation and a checkout sharing products cannot deadlock.
 */
async function releaseStock(tx: Tx, order: OrderRow): Promise<void> {
  const items = [...order.items].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  for (const item of items) {
    const released = await tx.$executeRaw`
      UPDATE products
         SET stock_quantity = stock_quantity + ${item.quantity},
             in_stock = CASE WHEN stock_quantity = 0 THEN true ELSE in_stock END,
             updated_at = now()
       WHERE id = ${item.productId}::uuid AND stock_quantity IS NOT NULL`;
    if (released > 0) await appendEvent(tx, 'stock.changed', { productId: item.productId, reason: 'released' });
  }
}
