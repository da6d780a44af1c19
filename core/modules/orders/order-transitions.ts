import { conflict, notFound } from '../../domain/errors';
import { OrderStatus, canTransition } from '../../domain/order-status';
import type { Tx } from '../../infra/prisma';
import { appendEvent } from '../outbox/outbox-writer';
import { DbPaymentType, actorToDb, statusFromDb, statusToDb, type ActorName } from './order-enums';
import { orderInclude, type OrderRow } from './order-mapper';

export type TransitionRequest = {
  orderId: string;
  to?: OrderStatus;
  isPaid?: boolean;
  actor: { type: ActorName; id?: string };
  note?: string;
  /** Only this user's order may change (404 otherwise); sellers and workers leave it unset. */
  ownerId?: string;
};

export type TransitionResult = { order: OrderRow; changed: boolean };

/**
 * The one way an order changes after it is placed, used by seller routes and by workers alike
 * (DESIGN.md invariant 4). Inside the caller's transaction it locks the order row, checks the state machine,
 * writes a history row, bumps `version`, announces `order.status_changed` through the outbox and, on
 * cancellation, returns the reserved stock. Asking for the state the order is already in changes nothing, which is
 * what makes event consumers idempotent.
 */
export async function transitionOrder(tx: Tx, req: TransitionRequest): Promise<TransitionResult> {
  // Row lock first: concurrent changes to one order apply one after the other, each seeing the last.
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${req.orderId}::uuid FOR UPDATE`;
  const current = locked.length ? await tx.order.findUnique({ where: { id: req.orderId }, include: orderInclude }) : null;
  if (!current || (req.ownerId && current.userId !== req.ownerId)) throw notFound('order_not_found', 'Order not found');

  const from = statusFromDb(current.status);
  const to = req.to ?? from;
  const isPaid = req.isPaid ?? current.isPaid;
  if (to === from && isPaid === current.isPaid) return { order: current, changed: false };

  if (to !== from && !canTransition(from, to)) {
    throw conflict('invalid_transition', `Order cannot move from ${from} to ${to}`, { from, to });
  }
  if (current.isPaid && !isPaid && (current.paymentType === DbPaymentType.ONLINE || req.actor.type !== 'seller')) {
    throw conflict('already_paid', 'A paid online order cannot be marked unpaid');
  }
  if (isPaid !== current.isPaid && to === OrderStatus.Cancelled) {
    throw conflict('order_cancelled', 'A cancelled order cannot change its paid state');
  }

  await tx.orderHistory.create({
    data: {
      orderId: current.id,
      fromStatus: current.status,
      toStatus: statusToDb(to),
      isPaid: isPaid !== current.isPaid ? isPaid : null,
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

/** Gives a cancelled order's units back; a product that had run out is in stock again. */
async function releaseStock(tx: Tx, order: OrderRow): Promise<void> {
  for (const item of order.items) {
    const released = await tx.$executeRaw`
      UPDATE products
         SET stock_quantity = stock_quantity + ${item.quantity},
             in_stock = CASE WHEN stock_quantity = 0 THEN true ELSE in_stock END,
             updated_at = now()
       WHERE id = ${item.productId}::uuid AND stock_quantity IS NOT NULL`;
    if (released > 0) await appendEvent(tx, 'stock.changed', { productId: item.productId, reason: 'released' });
  }
}
