import { PaymentStatus as DbPaymentStatus } from '../../infra/generated/prisma/enums';
import type { Db, Prisma, Tx } from '../../infra/prisma';
import { DbOrderStatus, DbPaymentType } from '../orders/order-enums';

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

export type OrderState = { id: string; userId: string; status: DbOrderStatus; isPaid: boolean; paymentType: DbPaymentType; createdAt: Date };

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

const orderFields = { id: true, userId: true, status: true, isPaid: true, paymentType: true, createdAt: true } as const satisfies Prisma.OrderSelect;

/** Payments, their attempts and webhook deliveries. Order status changes go through transitionOrder, not here. */
export function createPaymentRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.$transaction(work, { maxWait: 10_000, timeout: 15_000 });
    },

    findOrder(orderId: string): Promise<OrderState | null> {
      return db.order.findUnique({ where: { id: orderId }, select: orderFields });
    },

    /** The order row locked until the transaction ends, so settle, expire and verify intake see one another's writes. */
    async lockOrder(tx: Tx, orderId: string): Promise<OrderState | null> {
      await tx.$queryRaw`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
      return tx.order.findUnique({ where: { id: orderId }, select: orderFields });
    },

    user(userId: string) {
      return db.user.findUnique({ where: { id: userId }, select: { name: true, email: true, phone: true } });
    },

    /** The order's current gateway order (one per order today; the newest wins if a retry ever adds another). */
    latestPaymentOfOrder(orderId: string, tx: Tx | Db = db): Promise<PaymentRow | null> {
      return tx.payment.findFirst({ where: { orderId }, orderBy: { createdAt: 'desc' }, select: paymentFields });
    },

    async findPayment(id: string): Promise<(PaymentRow & { order: OrderState }) | null> {
      return db.payment.findUnique({ where: { id }, select: { ...paymentFields, order: { select: orderFields } } });
    },

    findByGatewayOrderId(gatewayOrderId: string, tx: Tx | Db = db): Promise<(PaymentRow & { order: OrderState }) | null> {
      return tx.payment.findUnique({ where: { gatewayOrderId }, select: { ...paymentFields, order: { select: orderFields } } });
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

    async createAttempt(data: { paymentId: string; source: AttemptSource; gatewayPaymentId: string; signature: string | null }, tx: Tx | Db = db): Promise<string> {
      return (await tx.paymentAttempt.create({ data, select: { id: true } })).id;
    },

    async setAttemptOutcome(id: string, outcome: string): Promise<void> {
      await db.paymentAttempt.updateMany({ where: { id }, data: { outcome } });
    },

    /** Stores a delivery once per gateway event id; false when it was already stored (a replay). */
    async insertWebhookEvent(tx: Tx, data: { id: string; gatewayEventId: string; type: string; payload: object }): Promise<boolean> {
      const { count } = await tx.webhookEvent.createMany({ data: [data], skipDuplicates: true });
      return count === 1;
    },

    async markWebhookProcessed(id: string, tx: Tx | Db = db): Promise<void> {
      await tx.webhookEvent.updateMany({ where: { id, processedAt: null }, data: { processedAt: new Date() } });
    },

    /** Online orders still Pending since before `createdBefore`, oldest first, with their gateway orders. */
    stalePendingOnlineOrders(createdBefore: Date, limit: number) {
      return db.order.findMany({
        where: { status: DbOrderStatus.PENDING, paymentType: DbPaymentType.ONLINE, isPaid: false, createdAt: { lt: createdBefore } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: { ...orderFields, payments: { select: paymentFields, orderBy: { createdAt: 'asc' } } },
      });
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
