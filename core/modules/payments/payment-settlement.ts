import { OrderStatus } from '../../domain/order-status';
import type { Transaction, Tx } from '../../infra/prisma';
import { DbOrderStatus } from '../orders/order-enums';
import type { OrderPaymentState as OrderState } from '../orders/order-repository';
import type { OrderService } from '../orders/order-service';
import { transitionOrder } from '../orders/order-transitions';
import { appendEvent } from '../outbox/outbox-writer';
import { isMoneySecured, type GatewayPayment, type PaymentGateway } from './payment-gateway';
import { DbPaymentStatus, type AttemptSource, type PaymentRepository, type PaymentRow } from './payment-repository';
import { isValidCheckoutSignature } from './signatures';

/**
 * The one idempotent path that decides a payment, run by the payments worker for checkout callbacks and
 * webhooks and by the reconciler. Order: signature (checkout only) → the payment as the GATEWAY reports it → a
 * transaction that locks the order and changes it only if it is still Pending and unpaid. A paid order is never
 * touched again, so retries, duplicates and out-of-order deliveries cannot undo anything (docs/architecture.md, invariant 4).
 */

export type Submission = {
  /** Our Payment row (one gateway order). */
  paymentId: string;
  gatewayPaymentId: string;
  source: AttemptSource;
  signature: string | null;
  attemptId?: string;
  webhookEventId?: string;
};

/** Outcomes that mean money may have to go back to a shopper: the processor logs them as warnings. */
export const NEEDS_ATTENTION = new Set(['captured_after_cancel', 'duplicate_payment']);

/** The gateway still reports the payment as in progress; the job is retried with backoff, then the reconciler takes over. */
export class PaymentNotFinalError extends Error {
  constructor(gatewayPaymentId: string, status: string) {
    super(`payment ${gatewayPaymentId} is still ${status} at the gateway`);
    this.name = 'PaymentNotFinalError';
  }
}

export function createPaymentSettlement(deps: {
  repo: PaymentRepository;
  transaction: Transaction;
  orders: Pick<OrderService, 'paymentState' | 'lockPaymentState'>;
  gateway: PaymentGateway;
  keySecret: string;
}) {
  const { repo, transaction, orders, gateway } = deps;
  const system = { type: 'system' as const };

  async function markPaid(tx: Tx, payment: PaymentRow, order: OrderState, paid: GatewayPayment, source: AttemptSource): Promise<string> {
    if (order.isPaid) return paid.id === payment.gatewayPaymentId ? 'already_paid' : 'duplicate_payment';
    // The gateway's truth is recorded even when the order can no longer take it, so support can refund it.
    await repo.updatePayment(tx, payment.id, { status: DbPaymentStatus.CAPTURED, gatewayPaymentId: paid.id, raw: paid });
    if (order.status !== DbOrderStatus.PENDING) return 'captured_after_cancel';
    await transitionOrder(tx, { orderId: order.id, to: OrderStatus.OrderPlaced, isPaid: true, actor: system, note: `Payment ${paid.id} ${paid.status} (${source})` });
    await appendEvent(tx, 'payment.verified', { orderId: order.id, userId: order.userId, gatewayPaymentId: paid.id });
    return 'paid';
  }

  async function markFailed(tx: Tx, payment: PaymentRow, order: OrderState, failed: GatewayPayment, source: AttemptSource): Promise<string> {
    if (order.isPaid || order.status !== DbOrderStatus.PENDING) return 'failure_ignored';
    if (source === 'checkout') {
      // The shopper's own checkout ended in failure: the order is over, its stock goes back on the shelf.
      await repo.updatePayment(tx, payment.id, { status: DbPaymentStatus.FAILED, raw: failed });
      await transitionOrder(tx, { orderId: order.id, to: OrderStatus.Cancelled, actor: system, note: `Payment ${failed.id} failed` });
      await appendEvent(tx, 'payment.failed', { orderId: order.id, userId: order.userId, reason: 'payment_failed' });
      return 'cancelled';
    }
    // A webhook's payment.failed is one failed try: Razorpay Checkout lets the shopper retry on the same gateway order,
    // and a later (or reordered) payment.captured must still be able to pay it. The reconciler expires it otherwise.
    await appendEvent(tx, 'payment.failed', { orderId: order.id, userId: order.userId, reason: 'payment_failed' });
    return 'failed_attempt';
  }

  /** Runs `decide` with the order locked; the order is re-read under the lock, never trusted from before it. */
  function withLockedOrder(payment: PaymentRow, decide: (tx: Tx, order: OrderState) => Promise<string>): Promise<string> {
    return transaction(async (tx) => {
      const order = await orders.lockPaymentState(tx, payment.orderId);
      return order ? decide(tx, order) : 'order_missing';
    });
  }

  async function decide(sub: Submission, payment: PaymentRow, order: OrderState): Promise<string> {
    // The payment that already paid this order, delivered again (replayed verify, webhook after checkout): nothing to do.
    // Any other payment id on a paid order is still fetched, so a second capture is noticed and flagged for a refund.
    if (order.isPaid && payment.gatewayPaymentId === sub.gatewayPaymentId) return 'already_paid';

    if (sub.source === 'checkout') {
      const valid = isValidCheckoutSignature({
        storedGatewayOrderId: payment.gatewayOrderId,
        gatewayPaymentId: sub.gatewayPaymentId,
        signature: sub.signature,
        keySecret: deps.keySecret,
      });
      if (!valid) {
        // Decision: a bad signature proves nothing either way, so it pays nothing and cancels nothing. The order stays
        // Pending because a genuine payment may still arrive (webhook, reconciler); only the owner (verify checks
        // ownership) is told this attempt failed, and the expiry cancels the order if no payment ever comes.
        return withLockedOrder(payment, async (tx, order) => {
          if (order.isPaid || order.status !== DbOrderStatus.PENDING) return 'rejected_signature';
          await appendEvent(tx, 'payment.failed', { orderId: order.id, userId: order.userId, reason: 'signature_mismatch' });
          return 'rejected_signature';
        });
      }
    }

    // Signatures prove who sent the ids; only the gateway proves the money. GatewayError → job retry.
    const reported = await gateway.fetchPayment(sub.gatewayPaymentId);
    if (!reported) return 'unknown_payment';
    if (reported.orderId !== payment.gatewayOrderId || reported.amountPaise !== payment.amountPaise || reported.currency !== payment.currency) {
      return 'mismatch';
    }
    if (isMoneySecured(reported.status)) return withLockedOrder(payment, (tx, order) => markPaid(tx, payment, order, reported, sub.source));
    if (reported.status === 'failed') return withLockedOrder(payment, (tx, order) => markFailed(tx, payment, order, reported, sub.source));
    if (reported.status === 'created') throw new PaymentNotFinalError(reported.id, reported.status);
    return `ignored_${reported.status}`;
  }

  return {
    /** Decides one submission; returns what happened (also written to the attempt's outcome). */
    async settle(sub: Submission): Promise<string> {
      const payment = await repo.findPayment(sub.paymentId);
      const order = payment && (await orders.paymentState(payment.orderId));
      if (!payment || !order) return 'unknown_payment_row';
      const attempt = { paymentId: payment.id, source: sub.source, gatewayPaymentId: sub.gatewayPaymentId, signature: sub.signature };
      const attemptId = sub.attemptId ?? (await transaction((tx) => repo.createAttempt(tx, attempt)));
      const outcome = await decide(sub, payment, order);
      await transaction(async (tx) => {
        await repo.setAttemptOutcome(tx, attemptId, outcome);
        if (sub.webhookEventId) await repo.markWebhookProcessed(tx, sub.webhookEventId);
      });
      return outcome;
    },

    /** The reconciler's expiry: an unpaid Pending online order is cancelled and its stock released. */
    async expire(orderId: string, expiryMinutes: number): Promise<string> {
      return transaction(async (tx) => {
        const order = await orders.lockPaymentState(tx, orderId);
        if (!order || order.isPaid || order.status !== DbOrderStatus.PENDING) return 'not_pending';
        await repo.failOpenPayments(tx, orderId, { reason: 'expired' });
        await transitionOrder(tx, { orderId, to: OrderStatus.Cancelled, actor: system, note: `No payment within ${expiryMinutes} minutes` });
        return 'expired';
      });
    },
  };
}
export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
