import { describeInputProblem, findInputProblem } from '../../contracts/http/clean-input';
import { AppError, invalid } from '../../domain/errors';
import { appendEvent } from '../outbox/outbox-writer';
import type { Transaction, Tx } from '../../infra/prisma';
import { toGatewayPayment, toGatewayRefund, type GatewayRefund } from './payment-gateway';
import type { PaymentRepository } from './payment-repository';
import { isValidWebhookSignature } from './signatures';

/**
 * Razorpay webhooks (docs/architecture.md, "Payments"): the signature covers the raw body and uses the webhook secret; the
 * delivery is stored once under its `x-razorpay-event-id` (Razorpay retries for 24 h, so replays are normal) and
 * handed to the same idempotent worker path as the checkout callback, in one transaction. The reply goes out
 * before any gateway call is made, well inside Razorpay's 5 s.
 */

/**
 * The events that can settle an order (an authorized payment is captured by the worker); refund events move a refund.
 * Anything else is stored for the record, answered 2xx so Razorpay stops retrying, and otherwise ignored.
 */
const SETTLING_EVENTS = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid']);
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);

/**
 * What is stored of a delivery is bounded: Razorpay's payloads are a few KB and a handful of levels deep, so anything
 * past these is not theirs and is refused (400/413) rather than written.
 */
const MAX_STORED_PAYLOAD_BYTES = 64 * 1024;

export type WebhookOutcome = 'queued' | 'duplicate' | 'ignored';

export async function handleWebhook(
  deps: {
    repo: PaymentRepository;
    transaction: Transaction;
    webhookSecret: string;
    newId: () => string;
    /** Moves one of our refunds to the status the gateway reports (refund-service.ts), inside the delivery's transaction. */
    applyRefund: (tx: Tx, refund: GatewayRefund) => Promise<string>;
  },
  input: { rawBody: string; signature: string | undefined; eventId: string | undefined },
): Promise<WebhookOutcome> {
  // Nothing is parsed, let alone stored, before the signature holds.
  if (!isValidWebhookSignature(input.rawBody, input.signature, deps.webhookSecret)) {
    throw new AppError('unauthorized', 'invalid_signature', 'Invalid webhook signature');
  }
  const eventId = input.eventId?.trim();
  if (!eventId || eventId.length > 100) throw invalid('missing_event_id', 'x-razorpay-event-id is required');
  if (Buffer.byteLength(input.rawBody) > MAX_STORED_PAYLOAD_BYTES) {
    throw new AppError('too_large', 'webhook_too_large', `Webhook payloads over ${MAX_STORED_PAYLOAD_BYTES / 1024} KB are not accepted`);
  }
  let event: { event?: unknown; payload?: { payment?: { entity?: unknown }; refund?: { entity?: unknown } } };
  try {
    event = JSON.parse(input.rawBody);
  } catch {
    throw invalid('invalid_json', 'Request body is not valid JSON');
  }
  // Escapes such as \u0000 or a lone \ud800 only become characters once parsed: checked here, before anything is stored.
  const problem = findInputProblem(event, 'webhook payload');
  if (problem) throw invalid('invalid_text', describeInputProblem(problem));
  const type = typeof event?.event === 'string' ? event.event : 'unknown';
  const payment = toGatewayPayment(event?.payload?.payment?.entity);

  const { repo } = deps;
  // A payment row never changes its gateway order, so it is looked up before the transaction.
  const ours = SETTLING_EVENTS.has(type) && payment?.orderId ? await repo.findByGatewayOrderId(payment.orderId) : null;
  return deps.transaction(async (tx) => {
    const id = deps.newId();
    if (!(await repo.insertWebhookEvent(tx, { id, gatewayEventId: eventId, type, payload: event as object }))) return 'duplicate';
    const refund = REFUND_EVENTS.has(type) ? toGatewayRefund(event?.payload?.refund?.entity) : null;
    if (refund) {
      // The signature proves Razorpay sent it; a refund only ever moves from pending to its final state.
      await deps.applyRefund(tx, refund);
      await repo.markWebhookProcessed(tx, id);
      return 'queued';
    }
    if (!payment || !ours) {
      await repo.markWebhookProcessed(tx, id);
      return 'ignored';
    }
    // The payload's status is not trusted: the worker fetches the payment from the gateway, like for a callback.
    const attemptId = await repo.createAttempt(tx, { paymentId: ours.id, source: 'webhook', gatewayPaymentId: payment.id, signature: null });
    await appendEvent(tx, 'payment.submitted', {
      checkoutId: ours.checkoutId,
      paymentId: ours.id,
      source: 'webhook',
      gatewayPaymentId: payment.id,
      signature: null,
      attemptId,
      webhookEventId: id,
    });
    return 'queued';
  });
}
