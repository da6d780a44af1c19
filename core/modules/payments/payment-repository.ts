import { PaymentStatus as DbPaymentStatus } from '../../infra/generated/prisma/enums';
import type { Db, Prisma, Tx } from '../../infra/prisma';
import { DbOrderStatus } from '../orders/order-enums';
import { firstLateCheck } from './late-checks';

export { DbPaymentStatus };

/** One gateway order, paying a whole checkout (every store's order of it). */
export type PaymentRow = {
  id: string;
  checkoutId: string;
  gateway: string;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  status: DbPaymentStatus;
  amountPaise: number;
  currency: string;
};

export type AttemptSource = 'checkout' | 'webhook' | 'reconciler';
/** A gateway order whose late check is due (late-checks.ts), with the payment ids it already decided. */
export type LateCheckDue = PaymentRow & { createdAt: Date; refundedGatewayPaymentIds: string[] };
/** A payment's news as it was recorded, still waiting for its decision. */
export type UndecidedAttempt = { id: string; paymentId: string; source: AttemptSource; gatewayPaymentId: string; signature: string | null };

const paymentFields = {
  id: true,
  checkoutId: true,
  gateway: true,
  gatewayOrderId: true,
  gatewayPaymentId: true,
  status: true,
  amountPaise: true,
  currency: true,
} as const satisfies Prisma.PaymentSelect;

/**
 * Payments, their attempts and webhook deliveries: only the tables the payments module owns. Orders are read and
 * changed through the orders module (order-service.ts, order-transitions.ts), users through accounts; the one
 * exception is a filter (`lateChecksDue` skips checkouts whose orders still wait for their payment).
 */
export function createPaymentRepository(db: Db) {
  return {

    /** The checkout's current gateway order (one per checkout today; the newest wins if a retry ever adds another). */
    latestPaymentOfCheckout(checkoutId: string): Promise<PaymentRow | null> {
      return db.payment.findFirst({ where: { checkoutId }, orderBy: { createdAt: 'desc' }, select: paymentFields });
    },

    /** Every gateway order of a checkout, oldest first. */
    paymentsOfCheckout(checkoutId: string): Promise<PaymentRow[]> {
      return db.payment.findMany({ where: { checkoutId }, orderBy: { createdAt: 'asc' }, select: paymentFields });
    },

    /** The payment row again, inside the caller's transaction (after the order lock: what another decision just wrote). */
    paymentRow(tx: Tx, id: string): Promise<PaymentRow | null> {
      return tx.payment.findUnique({ where: { id }, select: paymentFields });
    },

    findPayment(id: string): Promise<PaymentRow | null> {
      return db.payment.findUnique({ where: { id }, select: paymentFields });
    },

    findByGatewayOrderId(gatewayOrderId: string): Promise<PaymentRow | null> {
      return db.payment.findUnique({ where: { gatewayOrderId }, select: paymentFields });
    },

    insertPayment(data: { checkoutId: string; gateway: string; gatewayOrderId: string; amountPaise: number; currency: string; raw: object }): Promise<PaymentRow> {
      // One clock for both, so the schedule's times are counted from the row's own creation.
      const createdAt = new Date();
      return db.payment.create({ data: { ...data, createdAt, lateCheckAt: firstLateCheck(createdAt) }, select: paymentFields });
    },

    /**
     * Gateway orders whose late check is due at `now`, earliest first, leaving out those whose checkout still waits for
     * the payment (an unpaid Pending order: the reconciler's own work). Each comes with the payment ids its refunds
     * were recorded for.
     */
    async lateChecksDue(now: Date, limit: number): Promise<LateCheckDue[]> {
      const rows = await db.payment.findMany({
        where: {
          lateCheckAt: { lte: now },
          checkout: { orders: { none: { status: DbOrderStatus.PENDING, isPaid: false } } },
        },
        orderBy: { lateCheckAt: 'asc' },
        take: limit,
        select: { ...paymentFields, createdAt: true, refunds: { select: { gatewayPaymentId: true } } },
      });
      return rows.map(({ refunds, ...row }) => ({ ...row, refundedGatewayPaymentIds: refunds.map((r) => r.gatewayPaymentId) }));
    },

    async scheduleLateCheck(id: string, at: Date | null): Promise<void> {
      await db.payment.updateMany({ where: { id }, data: { lateCheckAt: at } });
    },

    /** CREATED → SUBMITTED once the shopper's checkout reported back; later states are left alone. */
    async markSubmitted(tx: Tx, id: string): Promise<void> {
      await tx.payment.updateMany({ where: { id, status: DbPaymentStatus.CREATED }, data: { status: DbPaymentStatus.SUBMITTED } });
    },

    async updatePayment(tx: Tx, id: string, data: { status: DbPaymentStatus; gatewayPaymentId?: string; raw?: object }): Promise<void> {
      await tx.payment.update({ where: { id }, data });
    },

    /** Payment rows of a checkout that never got a payment become FAILED (its orders are being cancelled). */
    async failOpenPayments(tx: Tx, checkoutId: string, raw: object): Promise<void> {
      await tx.payment.updateMany({ where: { checkoutId, status: { in: [DbPaymentStatus.CREATED, DbPaymentStatus.SUBMITTED] } }, data: { status: DbPaymentStatus.FAILED, raw } });
    },

    /** The gateway reports the payment authorized: recorded as such until it is captured (never over a later state). */
    async recordAuthorized(tx: Tx, id: string, payment: { id: string }): Promise<void> {
      await tx.payment.updateMany({
        where: { id, status: { in: [DbPaymentStatus.CREATED, DbPaymentStatus.SUBMITTED, DbPaymentStatus.FAILED] }, OR: [{ gatewayPaymentId: null }, { gatewayPaymentId: payment.id }] },
        data: { status: DbPaymentStatus.AUTHORIZED, gatewayPaymentId: payment.id, raw: payment },
      });
    },

    /** A failed try on the gateway order: the row shows it until a later try is authorized or captured. */
    async recordFailedTry(tx: Tx, id: string, payment: object): Promise<void> {
      await tx.payment.updateMany({ where: { id, status: { in: [DbPaymentStatus.CREATED, DbPaymentStatus.SUBMITTED] } }, data: { status: DbPaymentStatus.FAILED, raw: payment } });
    },

    /** The captured payments of a checkout. */
    capturedOfCheckout(tx: Tx, checkoutId: string): Promise<PaymentRow[]> {
      return tx.payment.findMany({ where: { checkoutId, status: DbPaymentStatus.CAPTURED, gatewayPaymentId: { not: null } }, select: paymentFields });
    },

    /** A refund went through: the payment it refunded is `refunded`, as the gateway reports it. */
    async markRefunded(tx: Tx, id: string, gatewayPaymentId: string): Promise<void> {
      await tx.payment.updateMany({ where: { id, gatewayPaymentId }, data: { status: DbPaymentStatus.REFUNDED } });
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

    /** Attempts still without an outcome that came before `before`, oldest first (payment-reconciler.ts follows them up). */
    undecidedAttempts(before: Date, limit: number): Promise<UndecidedAttempt[]> {
      return db.paymentAttempt.findMany({
        where: { outcome: null, createdAt: { lt: before } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: { id: true, paymentId: true, source: true, gatewayPaymentId: true, signature: true },
      }) as Promise<UndecidedAttempt[]>;
    },

    /** Whether news of this gateway payment was already decided as `outcome` for the payment row. */
    async hasAttemptOutcome(tx: Tx, paymentId: string, gatewayPaymentId: string, outcome: string): Promise<boolean> {
      return (await tx.paymentAttempt.count({ where: { paymentId, gatewayPaymentId, outcome } })) > 0;
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
