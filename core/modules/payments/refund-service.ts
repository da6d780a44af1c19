import type { Transaction, Tx } from '../../infra/prisma';
import { touchOrder } from '../orders/order-announcements';
import { appendEvent } from '../outbox/outbox-writer';
import { GatewayError, type GatewayRefund, type PaymentGateway } from './payment-gateway';
import { capturedPaymentsOf, DbRefundStatus, insertPendingRefund, type RefundRepository, type RefundRow } from './refund-repository';

/**
 * Money going back to a shopper: money taken for an order that ends Cancelled is refunded (docs/architecture.md).
 *
 * The razorpay SDK cannot send an idempotency header (it sends only its own headers), so a refund is made safe in three steps:
 * 1. `record` writes the refund (pending) and a `refund.requested` event in the caller's transaction: the decision to
 *    refund commits with the change that causes it, and one order can only ever have one refund row per gateway
 *    payment (one payment of a checkout refunds each store's order separately, each its own part).
 * 2. The payments worker `request`s it: it first looks the payment's refunds up at the gateway for one carrying our
 *    refund id as receipt (a try whose answer was lost), and only asks for a new refund when there is none. One
 *    process at a time does so (`holdRequest`): the worker and the reconciler may reach the same refund together.
 * 3. Its outcome arrives by `refund.processed` / `refund.failed` webhook, or the reconciler `follow`s it; both `apply`
 *    the gateway's refund, which only ever moves a pending refund to processed or failed.
 * Every change is announced on the order (`refund.updated` → the owner's page and the seller board, live).
 */

const STATUS_OF: Record<GatewayRefund['status'], DbRefundStatus> = {
  pending: DbRefundStatus.PENDING,
  processed: DbRefundStatus.PROCESSED,
  failed: DbRefundStatus.FAILED,
};
const WORD_OF: Record<DbRefundStatus, GatewayRefund['status']> = { PENDING: 'pending', PROCESSED: 'processed', FAILED: 'failed' };

export type RefundRequestOutcome = 'requested' | 'found_earlier_request' | 'already_requested' | 'being_requested' | 'unknown_refund' | 'rejected';

/**
 * How long one asker holds a refund's request: well past its two gateway calls (each bounded by the gateway's timeout,
 * 10 s by default), so a slow answer is never taken for a crash. A holder that crashed delays the request this long.
 */
const REQUEST_HOLD_MS = 2 * 60_000;

async function announce(tx: Tx, refund: RefundRow, status: DbRefundStatus): Promise<void> {
  const order = await touchOrder(tx, refund.orderId);
  if (order) await appendEvent(tx, 'refund.updated', { orderId: refund.orderId, userId: order.userId, refundId: refund.id, status: WORD_OF[status] });
}

export type RefundInput = { orderId: string; paymentId: string; gatewayPaymentId: string; amountPaise: number; reason: string };

/**
 * Step 1, inside the caller's transaction (an order's cancellation, a late or second capture): null when this gateway
 * payment already has a refund.
 */
export async function recordRefund(tx: Tx, input: RefundInput): Promise<RefundRow | null> {
  const refund = await insertPendingRefund(tx, input);
  if (!refund) return null;
  await appendEvent(tx, 'refund.requested', { refundId: refund.id, orderId: refund.orderId });
  await announce(tx, refund, DbRefundStatus.PENDING);
  return refund;
}

/**
 * An order being cancelled gets its part of every captured payment of its checkout back (called by the order's
 * transition): its own items and, on the checkout's first order, the platform fee; the other stores' orders keep theirs.
 */
export async function refundCapturedPayments(tx: Tx, orderId: string, reason: string): Promise<void> {
  for (const payment of await capturedPaymentsOf(tx, orderId)) {
    await recordRefund(tx, { orderId, paymentId: payment.id, gatewayPaymentId: payment.gatewayPaymentId, amountPaise: payment.orderPartPaise, reason });
  }
}

export function createRefundService(deps: { repo: RefundRepository; transaction: Transaction; gateway: PaymentGateway }) {
  const { repo, transaction, gateway } = deps;

  /** Moves a pending refund to the gateway's status (and records the gateway's refund id); final states stay. */
  async function applyLocked(tx: Tx, refund: RefundRow, reported: GatewayRefund): Promise<string> {
    const current = (await repo.lock(tx, refund.id))!;
    const next = STATUS_OF[reported.status];
    const moves = current.status === DbRefundStatus.PENDING && next !== DbRefundStatus.PENDING;
    if (current.gatewayRefundId === reported.id && !moves) return `unchanged_${WORD_OF[current.status]}`;
    await repo.update(tx, refund.id, { gatewayRefundId: reported.id, ...(moves ? { status: next, lastError: null } : {}) });
    if (!moves) return 'recorded';
    if (next === DbRefundStatus.PROCESSED) {
      await repo.markPaymentRefunded(tx, refund.paymentId, refund.gatewayPaymentId);
    }
    await announce(tx, refund, next);
    return WORD_OF[next];
  }

  return {
    /** Step 2, in the payments worker (and the reconciler for refunds whose request never got through). */
    async request(refundId: string): Promise<RefundRequestOutcome> {
      const refund = await repo.find(refundId);
      if (!refund) return 'unknown_refund';
      if (refund.gatewayRefundId || refund.status !== DbRefundStatus.PENDING) return 'already_requested';
      // The worker's job and the reconciler may both reach a refund whose request has not come back yet; both looking
      // for an earlier request, finding none and asking would refund twice. One holds it; the other leaves it.
      if (!(await repo.holdRequest(refund.id, REQUEST_HOLD_MS))) return 'being_requested';
      const earlierRequest = async () => (await gateway.fetchRefunds(refund.gatewayPaymentId)).find((r) => r.receipt === refund.id);
      let asked = false;
      try {
        const earlier = await earlierRequest();
        asked = !earlier;
        const made =
          earlier ??
          (await gateway.refundPayment(refund.gatewayPaymentId, { amountPaise: refund.amountPaise, receipt: refund.id, notes: { orderId: refund.orderId } }));
        await transaction((tx) => applyLocked(tx, refund, made));
        return earlier ? 'found_earlier_request' : 'requested';
      } catch (error) {
        if (!(error instanceof GatewayError) || error.kind !== 'rejected') {
          // Failed before the refund was asked for: the next try may ask at once. Failed after (no answer in time, a
          // lost connection, a 5xx): the gateway may still be making it, and a try now would not find it by its receipt
          // and ask again, refunding twice. The hold stays, so the next try (the reconciler's) comes after it.
          if (!asked) await repo.releaseRequest(refund.id);
          throw error;
        }
        // Refused because an earlier request of ours got through after all (its answer lost, and not listed yet when
        // we looked): that one is the refund. Unable to look, nothing is decided: a refund marked failed would stay
        // failed when that earlier one is processed. Nothing is on its way now, so the next try may ask at once.
        const earlier = await earlierRequest().catch(async (lookupError: unknown) => {
          await repo.releaseRequest(refund.id);
          throw lookupError;
        });
        if (earlier) {
          await transaction((tx) => applyLocked(tx, refund, earlier));
          return 'found_earlier_request';
        }
        // The gateway refused this refund for good (already refunded elsewhere, not captured): asking again would be
        // refused again, so it is marked failed for support to look at, and the shopper sees it.
        await transaction(async (tx) => {
          const current = await repo.lock(tx, refund.id);
          if (current?.status !== DbRefundStatus.PENDING) return;
          await repo.update(tx, refund.id, { status: DbRefundStatus.FAILED, lastError: error.message });
          await announce(tx, refund, DbRefundStatus.FAILED);
        });
        return 'rejected';
      }
    },

    /** Step 3 from a webhook, inside its transaction: the refund the gateway reports, if it is one of ours. */
    async apply(tx: Tx, reported: GatewayRefund): Promise<string> {
      const refund = await repo.findForGateway(tx, reported.id, reported.receipt);
      return refund ? applyLocked(tx, refund, reported) : 'unknown_refund';
    },

    /** Step 3 from the reconciler: pending refunds asked about at the gateway, or asked for again if never asked. */
    async follow(olderThan: Date, limit: number): Promise<{ checked: number; settled: number; errors: number }> {
      const pending = await repo.pendingSince(olderThan, limit);
      const summary = { checked: pending.length, settled: 0, errors: 0 };
      for (const refund of pending) {
        try {
          if (!refund.gatewayRefundId) {
            await this.request(refund.id);
            continue;
          }
          const reported = (await gateway.fetchRefunds(refund.gatewayPaymentId)).find((r) => r.id === refund.gatewayRefundId);
          if (!reported) continue;
          const outcome = await transaction((tx) => applyLocked(tx, refund, reported));
          if (outcome === 'processed' || outcome === 'failed') summary.settled += 1;
        } catch {
          // One refund's gateway trouble must not stop the others; it is looked at again next run.
          summary.errors += 1;
        }
      }
      return summary;
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
