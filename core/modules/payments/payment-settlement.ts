import { OrderStatus } from '../../domain/order-status';
import type { Transaction, Tx } from '../../infra/prisma';
import { DbOrderStatus } from '../orders/order-enums';
import { awaitingPayment, firstOrderOf, isAwaitingPayment, isCheckoutPaid } from '../orders/checkout-state';
import type { CheckoutPaymentState as Checkout } from '../orders/order-repository';
import type { OrderService } from '../orders/order-service';
import { lockStockOf, restoreCancelledOrder, transitionOrder } from '../orders/order-transitions';
import { appendEvent } from '../outbox/outbox-writer';
import { GatewayError, isMoneySecured, type GatewayPayment, type PaymentGateway } from './payment-gateway';
import { DbPaymentStatus, type AttemptSource, type PaymentRepository, type PaymentRow, type UndecidedAttempt } from './payment-repository';
import { recordRefund } from './refund-service';
import { isValidCheckoutSignature } from './signatures';

/**
 * The one idempotent path that decides a payment, run by the payments worker for checkout callbacks and
 * webhooks and by the reconciler. Order: signature (checkout only) → the payment as the GATEWAY reports it → a
 * transaction that locks the checkout's orders (one per store, all paid by this one gateway order) and changes them
 * only while they wait for the payment. A paid checkout is never paid again, so retries, duplicates and
 * out-of-order deliveries cannot undo anything (docs/architecture.md, invariant 4).
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
export const NEEDS_ATTENTION = new Set(['refunding_late_capture', 'refunding_second_payment', 'refunding_store_not_selling']);

/** The gateway still reports the payment as in progress; the job is retried with backoff, then the reconciler takes over. */
export class PaymentNotFinalError extends Error {
  constructor(gatewayPaymentId: string, status: string) {
    super(`payment ${gatewayPaymentId} is still ${status} at the gateway`);
    this.name = 'PaymentNotFinalError';
  }
}

/** Those of these stores that do not sell now (suspended, or otherwise not approved). */
async function storesNotSelling(tx: Tx, sellerIds: string[]): Promise<Set<string>> {
  if (sellerIds.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM sellers WHERE id = ANY(${[...new Set(sellerIds)]}::uuid[]) AND status <> 'approved'`;
  return new Set(rows.map((r) => r.id));
}

export function createPaymentSettlement(deps: {
  repo: PaymentRepository;
  transaction: Transaction;
  orders: Pick<OrderService, 'checkoutState' | 'lockCheckout'>;
  gateway: PaymentGateway;
  keySecret: string;
}) {
  const { repo, transaction, orders, gateway } = deps;
  const system = { type: 'system' as const };

  const refundOf = (orderId: string, payment: PaymentRow, paid: GatewayPayment, amountPaise: number, reason: string) => ({
    orderId,
    paymentId: payment.id,
    gatewayPaymentId: paid.id,
    amountPaise,
    reason,
  });

  /**
   * A captured payment, with the checkout's orders locked. Each order waiting for it (Pending) → paid and Order Placed.
   * A checkout already paid by another payment → that second payment is refunded whole. A Cancelled order → restored
   * if the system cancelled it and its stock is still there, otherwise its part of the payment is refunded. Never
   * leaves captured money without a decision.
   */
  async function markPaid(tx: Tx, payment: PaymentRow, checkout: Checkout, paid: GatewayPayment, source: AttemptSource): Promise<string> {
    if (isCheckoutPaid(checkout)) {
      if (paid.id === payment.gatewayPaymentId) return 'already_paid';
      const refund = await recordRefund(tx, refundOf(firstOrderOf(checkout).id, payment, paid, paid.amountPaise, 'A second payment for an order that was already paid'));
      return refund ? 'refunding_second_payment' : 'already_refunding';
    }
    const note = `Payment ${paid.id} captured (${source})`;
    let placed = 0;
    let restored = 0;
    const refused: { order: Checkout['orders'][number]; reason: string }[] = [];
    // A store the operator suspended while its order waited for this payment takes no new money, as "Pay now" and a
    // late capture refuse it: its order is cancelled (its stock goes back) and its part refunded. The standing is read
    // without a lock: a suspension committing meanwhile is as if it came right after this payment.
    const closed = await storesNotSelling(tx, checkout.orders.filter((o) => o.status === DbOrderStatus.PENDING).map((o) => o.sellerId));
    const closing = (o: Checkout['orders'][number]) => o.status === DbOrderStatus.PENDING && closed.has(o.sellerId);
    // Placing Pending orders moves no stock; cancelling and restoring orders does, one order after the other.
    await lockStockOf(tx, checkout.orders.filter((o) => o.status === DbOrderStatus.CANCELLED || closing(o)).map((o) => o.id));
    for (const order of checkout.orders) {
      if (closing(order)) {
        await transitionOrder(tx, { orderId: order.id, to: OrderStatus.Cancelled, actor: system, note: `${note}; the store is not selling, so it is refunded` });
        refused.push({ order, reason: 'The store stopped selling before the payment came' });
      } else if (order.status === DbOrderStatus.PENDING) {
        await transitionOrder(tx, { orderId: order.id, to: OrderStatus.OrderPlaced, isPaid: true, actor: system, note });
        placed++;
      } else if (order.status === DbOrderStatus.CANCELLED && (await restoreCancelledOrder(tx, { orderId: order.id, note: `${note} after the order had been cancelled; restored` }))) {
        restored++;
      } else {
        refused.push({ order, reason: 'Paid after the order was cancelled' });
      }
    }
    // The gateway's truth is recorded; a payment that went wholly back keeps the row's own payment id if it had one.
    if (placed + restored > 0 || !payment.gatewayPaymentId || payment.gatewayPaymentId === paid.id) {
      await repo.updatePayment(tx, payment.id, { status: DbPaymentStatus.CAPTURED, gatewayPaymentId: paid.id, raw: paid });
    }
    // An order the payment cannot place any more (cancelled by a person, or its stock gone) gets its part back
    // (refund-service.ts); the other stores' orders keep theirs.
    let refunding = 0;
    for (const { order, reason } of refused) {
      if (await recordRefund(tx, refundOf(order.id, payment, paid, order.amountPaise, reason))) refunding++;
    }
    if (placed + restored === 0) {
      if (refunding === 0) return 'already_refunding';
      return checkout.orders.some(closing) ? 'refunding_store_not_selling' : 'refunding_late_capture';
    }
    await appendEvent(tx, 'payment.verified', { orderId: firstOrderOf(checkout).id, userId: checkout.userId, gatewayPaymentId: paid.id });
    return placed > 0 ? 'paid' : 'restored';
  }

  /**
   * One failed try. Razorpay Checkout lets the shopper try again on the same gateway order, so the orders stay Pending
   * (with their stock) until they are paid or expire; the shopper is told, and "Pay now" reopens Checkout.
   */
  async function markFailed(tx: Tx, payment: PaymentRow, checkout: Checkout, failed: GatewayPayment): Promise<string> {
    if (!isAwaitingPayment(checkout)) return 'failure_ignored';
    // This try's failure was decided before (the callback then the webhook, or a retried job): the shopper is told once.
    if (await repo.hasAttemptOutcome(tx, payment.id, failed.id, 'failed_attempt')) return 'failed_attempt';
    await repo.recordFailedTry(tx, payment.id, failed);
    await appendEvent(tx, 'payment.failed', { orderId: awaitingPayment(checkout)[0]!.id, userId: checkout.userId, reason: 'payment_failed' });
    return 'failed_attempt';
  }

  /**
   * Runs `decide` with the checkout's orders locked; they and the payment row are re-read under the lock, never
   * trusted from before it (a concurrent callback or webhook for the same payment may have just paid them). The
   * attempt's outcome commits with the decision, so the next news of the same payment sees it.
   */
  function withLockedCheckout(
    payment: PaymentRow,
    attemptId: string,
    decide: (tx: Tx, checkout: Checkout, payment: PaymentRow) => Promise<string>,
  ): Promise<string> {
    return transaction(async (tx) => {
      const checkout = await orders.lockCheckout(tx, payment.checkoutId);
      const current = await repo.paymentRow(tx, payment.id);
      const outcome = checkout && current ? await decide(tx, checkout, current) : 'order_missing';
      await repo.setAttemptOutcome(tx, attemptId, outcome);
      return outcome;
    });
  }

  /**
   * An authorized payment is not money yet: it is captured here, but only for a checkout still waiting for it. On a
   * paid or cancelled checkout it is left uncaptured, and the gateway hands it back to the shopper by itself.
   */
  async function captureIfWanted(payment: PaymentRow, authorized: GatewayPayment): Promise<GatewayPayment | string> {
    const waiting = await transaction(async (tx) => {
      const checkout = await orders.lockCheckout(tx, payment.checkoutId);
      if (!checkout || !isAwaitingPayment(checkout)) return false;
      await repo.recordAuthorized(tx, payment.id, authorized);
      return true;
    });
    if (!waiting) return 'authorization_left_to_lapse';
    return gateway.capturePayment(authorized.id, authorized.amountPaise, authorized.currency);
  }

  async function decide(sub: Submission & { attemptId: string }, payment: PaymentRow, checkout: Checkout): Promise<string> {
    // The payment that already paid this checkout, delivered again (replayed verify, webhook after checkout): nothing
    // to do. Any other payment id on a paid checkout is still fetched, so a second capture is noticed and refunded.
    if (isCheckoutPaid(checkout) && payment.gatewayPaymentId === sub.gatewayPaymentId) return 'already_paid';

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
        return withLockedCheckout(payment, sub.attemptId, async (tx, checkout) => {
          if (!isAwaitingPayment(checkout)) return 'rejected_signature';
          await appendEvent(tx, 'payment.failed', { orderId: awaitingPayment(checkout)[0]!.id, userId: checkout.userId, reason: 'signature_mismatch' });
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
    // Refunded whole: the money went back to the shopper (our refund, or one made on the gateway's dashboard), so it
    // pays for nothing. Placing or restoring an order on it would ship goods nobody paid for.
    if (final.status === 'refunded') return 'refunded_at_gateway';
    if (isMoneySecured(final.status)) return withLockedCheckout(payment, sub.attemptId, (tx, checkout, row) => markPaid(tx, row, checkout, final, sub.source));
    if (final.status === 'failed') return withLockedCheckout(payment, sub.attemptId, (tx, checkout, row) => markFailed(tx, row, checkout, final));
    throw new PaymentNotFinalError(final.id, final.status);
  }

  /** Decides one submission; returns what happened (also written to the attempt's outcome). */
  async function settle(sub: Submission): Promise<string> {
    const payment = await repo.findPayment(sub.paymentId);
    const checkout = payment && (await orders.checkoutState(payment.checkoutId));
    if (!payment || !checkout) return 'unknown_payment_row';
    const attempt = { paymentId: payment.id, source: sub.source, gatewayPaymentId: sub.gatewayPaymentId, signature: sub.signature };
    const attemptId = sub.attemptId ?? (await transaction((tx) => repo.createAttempt(tx, attempt)));
    let outcome: string;
    try {
      outcome = await decide({ ...sub, attemptId }, payment, checkout);
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
  }

  return {
    settle,

    /**
     * The reconciler's follow-up of news whose job gave up (payment-reconciler.ts): decided now, like the job would
     * have. A payment the gateway still has in progress closes the attempt: its final news comes with its own webhook,
     * and a checkout still Pending is looked up by the reconciler anyway.
     */
    async resume(attempt: UndecidedAttempt): Promise<string> {
      const { id: attemptId, ...sub } = attempt;
      try {
        return await settle({ ...sub, attemptId });
      } catch (error) {
        if (!(error instanceof PaymentNotFinalError)) throw error;
        await transaction((tx) => repo.setAttemptOutcome(tx, attemptId, 'still_in_progress'));
        return 'still_in_progress';
      }
    },

    /** The reconciler's expiry: every unpaid Pending order of the checkout is cancelled and its stock released. */
    async expire(checkoutId: string, expiryMinutes: number): Promise<string> {
      return transaction(async (tx) => {
        const checkout = await orders.lockCheckout(tx, checkoutId);
        if (!checkout || !isAwaitingPayment(checkout)) return 'not_pending';
        await repo.failOpenPayments(tx, checkoutId, { reason: 'expired' });
        await lockStockOf(tx, awaitingPayment(checkout).map((o) => o.id));
        for (const order of awaitingPayment(checkout)) {
          await transitionOrder(tx, { orderId: order.id, to: OrderStatus.Cancelled, actor: system, note: `No payment within ${expiryMinutes} minutes` });
        }
        return 'expired';
      });
    },
  };
}
export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
