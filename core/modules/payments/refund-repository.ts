import { RefundStatus as DbRefundStatus } from '../../infra/generated/prisma/enums';
import type { Db, Tx } from '../../infra/prisma';

export { DbRefundStatus };

export type RefundRow = {
  id: string;
  orderId: string;
  paymentId: string;
  gatewayPaymentId: string;
  gatewayRefundId: string | null;
  amountPaise: number;
  status: DbRefundStatus;
  reason: string;
  createdAt: Date;
};

const refundFields = {
  id: true,
  orderId: true,
  paymentId: true,
  gatewayPaymentId: true,
  gatewayRefundId: true,
  amountPaise: true,
  status: true,
  reason: true,
  createdAt: true,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refund rows: one per order and captured gateway payment, of what goes back to the shopper. */
export function createRefundRepository(db: Db) {
  return {
    find(id: string): Promise<RefundRow | null> {
      return db.refund.findUnique({ where: { id }, select: refundFields });
    },

    /** The refund row locked for the rest of the transaction: a webhook, the worker and the reconciler apply their news one after the other. */
    async lock(tx: Tx, id: string): Promise<RefundRow | null> {
      await tx.$queryRaw`SELECT id FROM refunds WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.refund.findUnique({ where: { id }, select: refundFields });
    },

    /** The refund a gateway refund belongs to: by its id once recorded, else by the receipt (our id) we sent with it. */
    findForGateway(tx: Tx, gatewayRefundId: string, receipt: string | null): Promise<RefundRow | null> {
      const ours = receipt && UUID.test(receipt) ? [{ id: receipt }] : [];
      return tx.refund.findFirst({ where: { OR: [{ gatewayRefundId }, ...ours] }, select: refundFields });
    },

    /**
     * A refund went through: once the processed refunds of the payment add up to all of it, the payment is
     * `refunded`, as the gateway reports it. Until then it stays captured, so another store's order of the checkout
     * that is cancelled later still gets its part back.
     */
    async markPaymentRefunded(tx: Tx, paymentId: string, gatewayPaymentId: string): Promise<void> {
      await tx.$executeRaw`
        UPDATE payments SET status = 'refunded', updated_at = now() AT TIME ZONE 'UTC'
         WHERE id = ${paymentId}::uuid AND gateway_payment_id = ${gatewayPaymentId}
           AND amount_paise <= (SELECT coalesce(sum(amount_paise), 0) FROM refunds
                                 WHERE payment_id = ${paymentId}::uuid AND gateway_payment_id = ${gatewayPaymentId} AND status = 'processed')`;
    },

    async update(tx: Tx, id: string, data: { gatewayRefundId?: string; status?: DbRefundStatus; lastError?: string | null }): Promise<void> {
      await tx.refund.update({ where: { id }, data });
    },

    /**
     * Takes the refund's request for `forMs`, if it is still to be asked for and nobody holds it: true when taken. The
     * one holding it asks the gateway; any other asker leaves it alone (a crashed holder's hold simply runs out). Times
     * are UTC, as every stored time is, whatever zone the database's sessions run in.
     */
    async holdRequest(id: string, forMs: number): Promise<boolean> {
      const held = await db.$executeRaw`
        UPDATE refunds SET requesting_until = (now() AT TIME ZONE 'UTC') + ${forMs} * interval '1 millisecond'
         WHERE id = ${id}::uuid AND status = 'pending' AND gateway_refund_id IS NULL
           AND (requesting_until IS NULL OR requesting_until < now() AT TIME ZONE 'UTC')`;
      return held === 1;
    },

    /** Lets the request go before its time (the gateway could not be reached), so the next retry need not wait. */
    async releaseRequest(id: string): Promise<void> {
      await db.$executeRaw`UPDATE refunds SET requesting_until = NULL WHERE id = ${id}::uuid`;
    },

    /** Pending refunds older than `before`, oldest first: the reconciler asks the gateway about them. */
    pendingSince(before: Date, limit: number): Promise<RefundRow[]> {
      return db.refund.findMany({ where: { status: DbRefundStatus.PENDING, createdAt: { lt: before } }, orderBy: { createdAt: 'asc' }, take: limit, select: refundFields });
    },
  };
}
export type RefundRepository = ReturnType<typeof createRefundRepository>;

/** Records a pending refund; null when this order already has one of this gateway payment (a refund is never asked twice). */
export async function insertPendingRefund(
  tx: Tx,
  data: { orderId: string; paymentId: string; gatewayPaymentId: string; amountPaise: number; reason: string },
): Promise<RefundRow | null> {
  const { count } = await tx.refund.createMany({ data: [data], skipDuplicates: true });
  return count === 1
    ? tx.refund.findUnique({ where: { gatewayPaymentId_orderId: { gatewayPaymentId: data.gatewayPaymentId, orderId: data.orderId } }, select: refundFields })
    : null;
}

/**
 * The captured payments of the checkout an order belongs to, with that order's part of them: what goes back when it
 * is cancelled. A payment already fully refunded by the gateway (status refunded) has nothing left to give.
 */
export async function capturedPaymentsOf(tx: Tx, orderId: string): Promise<{ id: string; gatewayPaymentId: string; orderPartPaise: number }[]> {
  const order = await tx.order.findUnique({ where: { id: orderId }, select: { checkoutId: true, amountPaise: true } });
  if (!order) return [];
  const payments = await tx.payment.findMany({
    where: { checkoutId: order.checkoutId, status: 'CAPTURED', gatewayPaymentId: { not: null } },
    select: { id: true, gatewayPaymentId: true },
  });
  return payments.map((p) => ({ id: p.id, gatewayPaymentId: p.gatewayPaymentId!, orderPartPaise: order.amountPaise }));
}
