import { OrderStatus } from '../../domain/order-status';
import type { Transaction, Tx } from '../../infra/prisma';
import { DbOrderStatus } from '../orders/order-enums';
import type { OrderPaymentState as OrderState } from '../orders/order-repository';
import type { OrderService } from '../orders/order-service';
import { restoreCancelledOrder, transitionOrder } from '../orders/order-transitions';
import { appendEvent } from '../outbox/outbox-writer';
import { GatewayError, isMoneySecured, type GatewayPayment, type PaymentGateway } from './payment-gateway';
import { DbPaymentStatus, type AttemptSource, type PaymentRepository, type PaymentRow } from './payment-repository';
import { recordRefund } from './refund-service';
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

/** Outcomes where money reached the gateway for an order that could not take it: the processor logs them. */
export const NEEDS_ATTENTION = new Set(['refunding_late_capture', 'refunding_second_payment']);

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

  const refundOf = (payment: PaymentRow, paid: GatewayPayment, reason: string) => ({
    orderId: payment.orderId,
    paymentId: payment.id,
    gatewayPaymentId: paid.id,
    amountPaise: paid.amountPaise,
    reason,
  });

  /**
   * A captured payment, with the order locked. Pending → paid and Order Placed. Already paid by another payment →
   * that second payment is refunded. Cancelled → restored if the system cancelled it and its stock is still there,
   * refunded otherwise. Never leaves captured money without a decision.
   */
  async function markPaid(tx: Tx, payment: PaymentRow, order: OrderState, paid: GatewayPayment, source: AttemptSource): Promise<string> {
    if (order.isPaid) {
      if (paid.id === payment.gatewayPaymentId) return 'already_paid';
      const refund = await recordRefund(tx, refundOf(payment, paid, 'A second payment for an order that was already paid'));
      return refund ? 'refunding_second_payment' : 'already_refunding';
    }
    const note = `Payment ${paid.id} captured (${source})`;
    if (order.status === DbOrderStatus.PENDING) {
      await repo.updatePayment(tx, payment.id, { status: DbPaymentStatus.CAPTURED, gatewayPaymentId: paid.id, raw: paid });
      await transitionOrder(tx, { orderId: order.id, to: OrderStatus.OrderPlaced, isPaid: true, actor: system, note });
    } else if (order.status === DbOrderStatus.CANCELLED && (await restoreCancelledOrder(tx, { orderId: order.id, note: `${note} after the order had been cancelled; restored` }))) {
      await repo.updatePayment(tx, payment.id, { status: DbPaymentStatus.CAPTURED, gatewayPaymentId: paid.id, raw: paid });
    } else {
      // The gateway's truth is recorded, and the money goes back (refund-service.ts).
      if (!payment.gatewayPaymentId || payment.gatewayPaymentId === paid.id) {
        await repo.updatePayment(tx, payment.id, { status: DbPaymentStatus.CAPTURED, gatewayPaymentId: paid.id, raw: paid });
      }
      const refund = await recordRefund(tx, refundOf(payment, paid, 'Paid after the order was cancelled'));
      return refund ? 'refunding_late_capture' : 'already_refunding';
    }
    await appendEvent(tx, 'payment.verified', { orderId: order.id, userId: order.userId, gatewayPaymentId: paid.id });
    return order.status === DbOrderStatus.PENDING ? 'paid' : 'restored';
  }

  /**
   * One failed try. Razorpay Checkout lets the shopper try again on the same gateway order, so the order stays Pending
   * (with its stock) until it is paid or expires; the shopper is told, and "Pay now" reopens Checkout.
   */
  async function markFailed(tx: Tx, payment: PaymentRow, order: OrderState, failed: GatewayPayment): Promise<string> {
    if (order.isPaid || order.status !== DbOrderStatus.PENDING) return 'failure_ignored';
    await repo.recordFailedTry(tx, payment.id, failed);
    await appendEvent(tx, 'payment.failed', { orderId: order.id, userId: order.userId, reason: 'payment_failed' });
    return 'failed_attempt';
  }

  /**
   * Runs `decide` with the order locked; the order and its payment row are re-read under the lock, never trusted from
   * before it (a concurrent callback or webhook for the same payment may have just paid the order).
   */
  function withLockedOrder(payment: PaymentRow, decide: (tx: Tx, order: OrderState, payment: PaymentRow) => Promise<string>): Promise<string> {
    return transaction(async (tx) => {
      const order = await orders.lockPaymentState(tx, payment.orderId);
      const current = await repo.paymentRow(tx, payment.id);
      return order && current ? decide(tx, order, current) : 'order_missing';
    });
  }

  /**
   * An authorized payment is not money yet: it is captured here, but only for an order still waiting for it. On a paid
   * or cancelled order it is left uncaptured, and the gateway hands it back to the shopper by itself.
   */
  async function captureIfWanted(payment: PaymentRow, authorized: GatewayPayment): Promise<GatewayPayment | string> {
    const waiting = await transaction(async (tx) => {
      const order = await orders.lockPaymentState(tx, payment.orderId);
      if (!order || order.isPaid || order.status !== DbOrderStatus.PENDING) return false;
      await repo.recordAuthorized(tx, payment.id, authorized);
      return true;
    });
    if (!waiting) return 'authorization_left_to_lapse';
    return gateway.capturePayment(authorized.id, authorized.amountPaise, authorized.currency);
  }

  async function decide(sub: Submission, payment: PaymentRow, order: OrderState): Promise<string> {
    // The payment that already paid this order, delivered again (replayed verify, webhook after checkout): nothing to do.
    // Any other payment id on a paid order is still fetched, so a second capture is noticed and refunded.
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

    // Signatures prove who sent the ids; only the gateway proves the money. GatewayError → the processor decides.
    let reported = await gateway.fetchPayment(sub.gatewayPaymentId);
    if (!reported) return 'unknown_payment';
    if (reported.orderId !== payment.gatewayOrderId || reported.amountPaise !== payment.amountPaise || reported.currency !== payment.currency) {
      return 'mismatch';
    }
    if (reported.status === 'authorized') {
      const captured = await captureIfWanted(payment, reported);
      if (typeof captured === 'string') return captured;
      reported = captured;
    }
    const final = reported;
    if (isMoneySecured(final.status) || final.status === 'refunded') return withLockedOrder(payment, (tx, order, row) => markPaid(tx, row, order, final, sub.source));
    if (final.status === 'failed') return withLockedOrder(payment, (tx, order, row) => markFailed(tx, row, order, final));
    throw new PaymentNotFinalError(final.id, final.status);
  }

  return {
    /** Decides one submission; returns what happened (also written to the attempt's outcome). */
    async settle(sub: Submission): Promise<string> {
      const payment = await repo.findPayment(sub.paymentId);
      const order = payment && (await orders.paymentState(payment.orderId));
      if (!payment || !order) return 'unknown_payment_row';
      const attempt = { paymentId: payment.id, source: sub.source, gatewayPaymentId: sub.gatewayPaymentId, signature: sub.signature };
      const attemptId = sub.attemptId ?? (await transaction((tx) => repo.createAttempt(tx, attempt)));
      let outcome: string;
      try {
        outcome = await decide(sub, payment, order);
      } catch (error) {
        // A refused request ends the attempt (the processor does not retry it); an outage leaves it open for the retry.
        if (error instanceof GatewayError && error.kind === 'rejected') await transaction((tx) => repo.setAttemptOutcome(tx, attemptId, 'gateway_rejected'));
        throw error;
      }
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
