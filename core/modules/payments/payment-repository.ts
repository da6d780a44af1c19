import { PaymentStatus as DbPaymentStatus } from '../../infra/generated/prisma/enums';
import type { Db, Prisma, Tx } from '../../infra/prisma';

export { DbPaymentStatus };

export type PaymentRow = {
  id: string;
  orderId: string;
  gateway: string;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  status: DbPaymentStatus;
  amountPaise: number;
  currency: string;
};

export type AttemptSource = 'checkout' | 'webhook' | 'reconciler';

const paymentFields = {
  id: true,
  orderId: true,
  gateway: true,
  gatewayOrderId: true,
  gatewayPaymentId: true,
  status: true,
  amountPaise: true,
  currency: true,
} as const satisfies Prisma.PaymentSelect;

/**
 * Payments, their attempts and webhook deliveries: only the tables the payments module owns. Orders are read and
 * changed through the orders module (order-service.ts, order-transitions.ts), users through accounts.
 */
export function createPaymentRepository(db: Db) {
  return {

    /** The order's current gateway order (one per order today; the newest wins if a retry ever adds another). */
    latestPaymentOfOrder(orderId: string): Promise<PaymentRow | null> {
      return db.payment.findFirst({ where: { orderId }, orderBy: { createdAt: 'desc' }, select: paymentFields });
    },

    /** Every gateway order of an order, oldest first. */
    paymentsOfOrder(orderId: string): Promise<PaymentRow[]> {
      return db.payment.findMany({ where: { orderId }, orderBy: { createdAt: 'asc' }, select: paymentFields });
    },

    findPayment(id: string): Promise<PaymentRow | null> {
      return db.payment.findUnique({ where: { id }, select: paymentFields });
    },

    findByGatewayOrderId(gatewayOrderId: string): Promise<PaymentRow | null> {
      return db.payment.findUnique({ where: { gatewayOrderId }, select: paymentFields });
    },

    insertPayment(data: { orderId: string; gateway: string; gatewayOrderId: string; amountPaise: number; currency: string; raw: object }): Promise<PaymentRow> {
      return db.payment.create({ data, select: paymentFields });
    },

    /** CREATED → SUBMITTED once the shopper's checkout reported back; later states are left alone. */
    async markSubmitted(tx: Tx, id: string): Promise<void> {
      await tx.payment.updateMany({ where: { id, status: DbPaymentStatus.CREATED }, data: { status: DbPaymentStatus.SUBMITTED } });
    },

    async updatePayment(tx: Tx, id: string, data: { status: DbPaymentStatus; gatewayPaymentId?: string; raw?: object }): Promise<void> {
      await tx.payment.update({ where: { id }, data });
    },

    /** Every payment row of an order that never reached CAPTURED becomes FAILED (the order is being cancelled). */
    async failOpenPayments(tx: Tx, orderId: string, raw: object): Promise<void> {
      await tx.payment.updateMany({ where: { orderId, status: { not: DbPaymentStatus.CAPTURED } }, data: { status: DbPaymentStatus.FAILED, raw } });
    },

    findAttempt(tx: Tx, where: { paymentId: string; source: AttemptSource; gatewayPaymentId: string; signature: string | null }) {
      return tx.paymentAttempt.findFirst({ where, select: { id: true, outcome: true } });
    },

    countAttempts(tx: Tx, paymentId: string, source: AttemptSource): Promise<number> {
      return tx.paymentAttempt.count({ where: { paymentId, source } });
    },

    async createAttempt(tx: Tx, data: { paymentId: string; source: AttemptSource; gatewayPaymentId: string; signature: string | null }): Promise<string> {
      return (await tx.paymentAttempt.create({ data, select: { id: true } })).id;
    },

    async setAttemptOutcome(tx: Tx, id: string, outcome: string): Promise<void> {
      await tx.paymentAttempt.updateMany({ where: { id }, data: { outcome } });
    },

    /** Deletes up to `limit` webhook deliveries received before `before`; answers how many. */
    purgeWebhookEvents(before: Date, limit: number): Promise<number> {
      return db.$executeRaw`
        DELETE FROM webhook_events WHERE id IN (SELECT id FROM webhook_events WHERE received_at < ${before} LIMIT ${limit})`;
    },

    /** Stores a delivery once per gateway event id; false when it was already stored (a replay). */
    async insertWebhookEvent(tx: Tx, data: { id: string; gatewayEventId: string; type: string; payload: object }): Promise<boolean> {
      const { count } = await tx.webhookEvent.createMany({ data: [data], skipDuplicates: true });
      return count === 1;
    },

    async markWebhookProcessed(tx: Tx, id: string): Promise<void> {
      await tx.webhookEvent.updateMany({ where: { id, processedAt: null }, data: { processedAt: new Date() } });
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
