import type { Handlers, ProcessorDeps } from './processor-types';

export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

/**
 * The `payments` queue. Order status changes caused by payments are announced through `order.status_changed`;
 * `payment.failed` additionally tells the owner why, in the spec's words.
 */
export function paymentHandlers({ live }: ProcessorDeps): Handlers {
  return {
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
