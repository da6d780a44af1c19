import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import type { CheckoutPaymentState } from '../orders/order-repository';
import type { OrderService } from '../orders/order-service';
import { GatewayError, isInProgress, isMoneySecured, type GatewayPayment, type PaymentGateway } from './payment-gateway';
import { nextLateCheck, retryLateCheck } from './late-checks';
import { DbPaymentStatus, type LateCheckDue, type PaymentRepository, type PaymentRow } from './payment-repository';
import { NEEDS_ATTENTION, type PaymentSettlement } from './payment-settlement';
import type { RefundService } from './refund-service';

/** Orders (and refunds) looked at per run, oldest first; a backlog drains over a few runs instead of one long one. */
const BATCH = 50;
/** A refund still pending this long after it was recorded is asked about at the gateway (its webhook may be lost). */
const REFUND_FOLLOW_AFTER_MS = 60_000;
/**
 * A payment's news (checkout callback or webhook) still undecided this long after it came is decided here: its job
 * gave up, its retries spent on a gateway outage (workers/queues.ts: 8 tries, the last about half a minute after the
 * first, each call bounded by the gateway's timeout). Nothing else would look at it again when its checkout is no
 * longer Pending: Razorpay does not resend a webhook we answered, and a shopper who paid late does not verify twice.
 */
const SUBMISSION_FOLLOW_AFTER_MS = 10 * 60_000;
/**
 * Late checks per run (late-checks.ts): each is one gateway call, and every gateway order gets four, so a run a minute
 * keeps up with about 1,500 online checkouts an hour.
 */
const LATE_BATCH = 100;
/** What a late check's settlement did when it decided a capture itself (placed, restored, refunding). */
const DECIDED_HERE = new Set(['paid', 'restored', ...NEEDS_ATTENTION]);

export type ReconcileSummary = {
  checked: number;
  paid: number;
  expired: number;
  waiting: number;
  errors: number;
  submissionsChecked: number;
  refundsChecked: number;
  refundsSettled: number;
  lateChecked: number;
  lateFound: number;
};

const belongsTo = (payment: PaymentRow) => (p: GatewayPayment) =>
  p.orderId === payment.gatewayOrderId && p.amountPaise === payment.amountPaise && p.currency === payment.currency;

/**
 * Finds what callbacks and webhooks missed (Razorpay's `orders.fetchPayments`). Checkouts with Pending online orders older
 * than `reconcileAfterMinutes` are looked up at the gateway right before any decision:
 * - a captured or authorized payment → the same settlement as a callback (authorized ones are captured there; one the
 *   gateway refuses to capture counts as no payment);
 * - a payment still in progress (`created`: a UPI collect not yet approved; `authorized`: not yet captured) → the
 *   order waits, up to `graceMinutes` past its expiry;
 * - nothing, and past the order's expiry → Cancelled with stock released.
 * A capture that lands after that cancel (the gateway cannot be locked with our row) is not lost: the settlement
 * restores the order or refunds the payment, and news of it whose job gave up is decided here ten minutes on. When
 * the gateway cannot be asked, nothing is expired: an order we cannot check might have been paid. Pending refunds are
 * followed up too, and gateway orders whose checkout no longer waits are asked about again a few times over three
 * days (late-checks.ts), so a capture nothing reported is decided all the same.
 */
export function createPaymentReconciler(deps: {
  repo: PaymentRepository;
  orders: Pick<OrderService, 'stalePendingOnline'>;
  gateway: PaymentGateway;
  settlement: PaymentSettlement;
  refunds: Pick<RefundService, 'follow'>;
  payments: Config['payments'];
  logger: Logger;
}) {
  const { repo, orders, gateway, settlement, payments, logger } = deps;

  async function reconcileCheckout(checkout: CheckoutPaymentState, now: Date): Promise<'paid' | 'expired' | 'waiting'> {
    let inProgress = false;
    for (const payment of await repo.paymentsOfCheckout(checkout.id)) {
      const reported = (await gateway.fetchOrderPayments(payment.gatewayOrderId)).filter(belongsTo(payment));
      const secured = reported.find((p) => isMoneySecured(p.status)) ?? reported.find((p) => p.status === 'authorized');
      if (secured) {
        const outcome = await settlement
          .settle({ paymentId: payment.id, gatewayPaymentId: secured.id, source: 'reconciler', signature: null })
          .catch((error: unknown) => {
            // An authorization the gateway refuses to capture never becomes money (the gateway hands it back by
            // itself), so the checkout is as unpaid as one without it: it expires on time and its stock goes back.
            if (secured.status === 'authorized' && error instanceof GatewayError && error.kind === 'rejected') return 'capture_refused';
            throw error;
          });
        logger.info({ checkoutId: checkout.id, gatewayPaymentId: secured.id, outcome }, 'reconciler: payment found');
        if (outcome !== 'capture_refused') return outcome === 'paid' || outcome === 'already_paid' ? 'paid' : 'waiting';
        continue;
      }
      inProgress ||= reported.some((p) => isInProgress(p.status));
    }
    const expiresAt = checkout.expiresAt ?? new Date(checkout.createdAt.getTime() + payments.expiryMinutes * 60_000);
    if (now < expiresAt) return 'waiting';
    if (inProgress && now.getTime() < expiresAt.getTime() + payments.graceMinutes * 60_000) return 'waiting';
    const outcome = await settlement.expire(checkout.id, payments.expiryMinutes);
    logger.info({ checkoutId: checkout.id, outcome }, 'reconciler: unpaid checkout expired');
    return outcome === 'expired' ? 'expired' : 'waiting';
  }

  /**
   * A captured payment the gateway lists for the order that nothing decided yet (it is neither the one that paid nor
   * one being refunded) goes through the same settlement as a callback: it places or restores the orders it can, and
   * refunds the rest. An authorized one is left alone: the checkout no longer wants it, and the gateway hands an
   * uncaptured payment back by itself. Returns how many were found.
   */
  async function lateCheck(payment: LateCheckDue): Promise<number> {
    const decided = new Set(payment.refundedGatewayPaymentIds);
    const paidByRow = payment.status === DbPaymentStatus.CAPTURED || payment.status === DbPaymentStatus.REFUNDED;
    if (paidByRow && payment.gatewayPaymentId) decided.add(payment.gatewayPaymentId);
    const ours = belongsTo(payment);
    const captured = (await gateway.fetchOrderPayments(payment.gatewayOrderId)).filter((p) => isMoneySecured(p.status));
    for (const odd of captured.filter((p) => !ours(p))) {
      // Not what our order asked for (another amount or currency): nothing here can decide it, so a person must.
      logger.error({ paymentId: payment.id, gatewayPaymentId: odd.id, amountPaise: odd.amountPaise, currency: odd.currency }, 'reconciler: a captured payment does not match its gateway order');
    }
    let found = 0;
    for (const unseen of captured.filter((p) => ours(p) && !decided.has(p.id))) {
      const outcome = await settlement.settle({ paymentId: payment.id, gatewayPaymentId: unseen.id, source: 'reconciler', signature: null });
      // Anything else is news the worker decided meanwhile (already paid, already refunding).
      if (!DECIDED_HERE.has(outcome)) continue;
      logger.warn({ paymentId: payment.id, gatewayPaymentId: unseen.id, outcome }, 'reconciler: a capture nothing reported was found late');
      found++;
    }
    return found;
  }

  /**
   * The late checks due now. A failed look is tried again later (`retryLateCheck`), behind the others, so a row that
   * keeps failing does not hold the head of every batch; when the gateway itself is out, the rest wait for the next run
   * instead of each meeting the outage's timeout.
   */
  async function lateChecks(now: Date, summary: ReconcileSummary): Promise<void> {
    for (const payment of await repo.lateChecksDue(now, LATE_BATCH)) {
      try {
        summary.lateFound += await lateCheck(payment);
        summary.lateChecked += 1;
        await repo.scheduleLateCheck(payment.id, nextLateCheck(payment.createdAt, now));
      } catch (error) {
        summary.errors += 1;
        const kind = error instanceof GatewayError ? error.kind : 'unexpected';
        const retryAt = retryLateCheck(payment.createdAt, now);
        const log = retryAt ? logger.warn.bind(logger) : logger.error.bind(logger);
        log({ paymentId: payment.id, kind, err: (error as Error).message, retryAt }, retryAt ? 'reconciler: late check failed' : 'reconciler: late checks given up');
        await repo.scheduleLateCheck(payment.id, retryAt);
        if (kind === 'unavailable' || kind === 'unauthorized') return;
      }
    }
  }

  return {
    async runOnce(now = new Date()): Promise<ReconcileSummary> {
      const stale = await orders.stalePendingOnline(new Date(now.getTime() - payments.reconcileAfterMinutes * 60_000), BATCH);
      const summary: ReconcileSummary = {
        checked: stale.length,
        paid: 0,
        expired: 0,
        waiting: 0,
        errors: 0,
        submissionsChecked: 0,
        refundsChecked: 0,
        refundsSettled: 0,
        lateChecked: 0,
        lateFound: 0,
      };
      for (const checkout of stale) {
        try {
          summary[await reconcileCheckout(checkout, now)] += 1;
        } catch (error) {
          // One order's gateway trouble must not stop the others; it is simply looked at again next run.
          summary.errors += 1;
          const kind = error instanceof GatewayError ? error.kind : 'unexpected';
          logger.warn({ checkoutId: checkout.id, kind, err: (error as Error).message }, 'reconciler: checkout skipped');
        }
      }
      const undecided = await repo.undecidedAttempts(new Date(now.getTime() - SUBMISSION_FOLLOW_AFTER_MS), BATCH);
      summary.submissionsChecked = undecided.length;
      for (const attempt of undecided) {
        try {
          const outcome = await settlement.resume(attempt);
          logger.info({ attemptId: attempt.id, gatewayPaymentId: attempt.gatewayPaymentId, outcome }, 'reconciler: undecided payment decided');
        } catch (error) {
          summary.errors += 1;
          const kind = error instanceof GatewayError ? error.kind : 'unexpected';
          logger.warn({ attemptId: attempt.id, kind, err: (error as Error).message }, 'reconciler: undecided payment skipped');
        }
      }
      const followed = await deps.refunds.follow(new Date(now.getTime() - REFUND_FOLLOW_AFTER_MS), BATCH);
      summary.refundsChecked = followed.checked;
      summary.refundsSettled = followed.settled;
      summary.errors += followed.errors;
      try {
        await lateChecks(now, summary);
      } catch (error) {
        // The database failed between looks: the rest of the run's work stands, and the looks are due again next run.
        summary.errors += 1;
        logger.warn({ err: (error as Error).message }, 'reconciler: late checks stopped');
      }
      return summary;
    },
  };
}
export type PaymentReconciler = ReturnType<typeof createPaymentReconciler>;
