import { UnrecoverableError } from 'bullmq';
import { GatewayError } from '../../core/modules/payments/payment-gateway';
import { NEEDS_ATTENTION } from '../../core/modules/payments/payment-settlement';
import type { Logger } from '../../core/infra/logger';
import type { Handlers, ProcessorDeps } from './processor-types';

export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

/**
 * Gateway trouble, logged with its kind and the order, then handed to BullMQ: an outage (`unavailable`) or a key
 * problem (`unauthorized`, fixable by configuration) is retried with backoff; a `rejected` request would be refused
 * the same way every time, so it fails at once instead of being retried as if it were an outage.
 */
function gatewayFailure(logger: Logger, error: unknown, context: { orderId?: string; checkoutId?: string; operation: string; eventId: string }): never {
  if (!(error instanceof GatewayError)) throw error;
  const fields = { ...context, kind: error.kind, status: error.status, err: error.message };
  if (error.kind === 'unavailable') logger.warn(fields, 'payment gateway unavailable; will retry');
  else logger.error(fields, `payment gateway ${error.kind === 'rejected' ? 'rejected the request' : 'refused our keys'}`);
  if (error.kind === 'rejected') throw new UnrecoverableError(error.message);
  throw error;
}

/**
 * The `payments` queue. `payment.submitted` (checkout callback or webhook) is where a payment is decided: the
 * settlement checks the signature against the stored gateway order id, fetches the payment from the gateway, captures
 * it if it is only authorized, and changes the order under its lock. `refund.requested` asks the gateway for a
 * recorded refund. Order changes are announced through `order.status_changed` / `refund.updated`; `payment.failed`
 * additionally tells the owner, in the store's words.
 */
export function paymentHandlers({ live, services, logger }: ProcessorDeps): Handlers {
  return {
    'payment.submitted': async (data, { eventId }) => {
      const outcome = await services.paymentSettlement.settle(data).catch((error: unknown) => gatewayFailure(logger, error, { checkoutId: data.checkoutId, operation: 'settle', eventId }));
      if (NEEDS_ATTENTION.has(outcome)) {
        logger.warn({ eventId, checkoutId: data.checkoutId, gatewayPaymentId: data.gatewayPaymentId, outcome }, 'payment for an order that cannot take it: refunding');
      }
      return outcome;
    },

    'payment.verified': async () => 'recorded',

    'payment.failed': async ({ orderId, userId }, { eventId }) => {
      await live.publish({
        eventId,
        audience: { kind: 'user', userId },
        message: { type: 'payment.failed', orderId, message: PAYMENT_FAILED_MESSAGE },
      });
      return 'owner told';
    },

    'refund.requested': async ({ refundId, orderId }, { eventId }) => {
      const outcome = await services.refunds.request(refundId).catch((error: unknown) => gatewayFailure(logger, error, { orderId, operation: 'refund', eventId }));
      if (outcome === 'rejected') logger.error({ eventId, orderId, refundId }, 'refund rejected by the gateway: needs support');
      return outcome;
    },
  };
}
