import { NEEDS_ATTENTION } from '../../core/modules/payments/payment-settlement';
import type { Handlers, ProcessorDeps } from './processor-types';

export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

/**
 * The `payments` queue. `payment.submitted` (checkout callback or webhook) is where a payment is decided: the
 * settlement checks the signature against the stored gateway order id, fetches the payment from the gateway and
 * changes the order only if it is still Pending. Gateway outages throw, so BullMQ retries with backoff; after the
 * last retry the reconciler finds the order. Order status changes caused by payments are announced through
 * `order.status_changed`; `payment.failed` additionally tells the owner why, in the spec's words.
 */
export function paymentHandlers({ live, services, logger }: ProcessorDeps): Handlers {
  return {
    'payment.submitted': async (data, { eventId }) => {
      const outcome = await services.paymentSettlement.settle(data);
      if (NEEDS_ATTENTION.has(outcome)) {
        // Money reached the gateway for an order that cannot take it: someone has to refund it (README, open points).
        logger.warn({ eventId, orderId: data.orderId, gatewayPaymentId: data.gatewayPaymentId, outcome }, 'payment needs a refund');
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
  };
}
