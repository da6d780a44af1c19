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

/** Refund rows: one per captured gateway payment that goes back to the shopper. */
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

    /** A refund went through: the payment it refunded is `refunded`, as the gateway reports it. */
    async markPaymentRefunded(tx: Tx, paymentId: string, gatewayPaymentId: string): Promise<void> {
      await tx.payment.updateMany({ where: { id: paymentId, gatewayPaymentId }, data: { status: 'REFUNDED' } });
    },

    async update(tx: Tx, id: string, data: { gatewayRefundId?: string; status?: DbRefundStatus; lastError?: string | null }): Promise<void> {
      await tx.refund.update({ where: { id }, data });
    },

    /** Pending refunds older than `before`, oldest first: the reconciler asks the gateway about them. */
    pendingSince(before: Date, limit: number): Promise<RefundRow[]> {
      return db.refund.findMany({ where: { status: DbRefundStatus.PENDING, createdAt: { lt: before } }, orderBy: { createdAt: 'asc' }, take: limit, select: refundFields });
    },
  };
}
export type RefundRepository = ReturnType<typeof createRefundRepository>;

/** Records a pending refund; null when this gateway payment already has one (a refund is never asked twice). */
export async function insertPendingRefund(
  tx: Tx,
  data: { orderId: string; paymentId: string; gatewayPaymentId: string; amountPaise: number; reason: string },
): Promise<RefundRow | null> {
  const { count } = await tx.refund.createMany({ data: [data], skipDuplicates: true });
  return count === 1 ? tx.refund.findUnique({ where: { gatewayPaymentId: data.gatewayPaymentId }, select: refundFields }) : null;
}

/** The captured payments of an order, to refund when it is cancelled. */
export function capturedPaymentsOf(tx: Tx, orderId: string): Promise<{ id: string; gatewayPaymentId: string | null; amountPaise: number }[]> {
  return tx.payment.findMany({ where: { orderId, status: 'CAPTURED', gatewayPaymentId: { not: null } }, select: { id: true, gatewayPaymentId: true, amountPaise: true } });
}
