import { SimulatedCheckoutReply, SimulatedCompleteReply } from '@core/contracts/http/payments';
import { api } from '../../../lib/api-client';

export type TestOutcome = 'success' | 'authorized' | 'pending' | 'failure';

/**
 * The simulated gateway's test checkout: the shopper chooses the outcome, and whether a later refund of the payment
 * is refused by the bank (docs/architecture.md, "Payments"). A failure comes back without a signature, as from real Checkout.
 */
export function simulatedCheckout(gatewayOrderId: string, outcome: TestOutcome, refund?: 'processed' | 'failed') {
  return api.post('/api/payments/simulated/checkout', SimulatedCheckoutReply, { body: { gatewayOrderId, outcome, ...(refund ? { refund } : {}) } });
}

/** A pending test payment (a UPI collect) approved or declined, however late. */
export function completeSimulatedPayment(gatewayPaymentId: string, outcome: 'success' | 'failure') {
  return api.post('/api/payments/simulated/complete', SimulatedCompleteReply, { body: { gatewayPaymentId, outcome } });
}
