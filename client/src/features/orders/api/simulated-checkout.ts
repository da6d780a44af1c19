import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const GatewayResponse = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export type GatewayResponse = z.infer<typeof GatewayResponse>;

const SimulatedCheckoutReply = z.object({ success: z.literal(true), response: GatewayResponse });

/** The simulated gateway's test checkout: the shopper chooses the outcome (DESIGN.md "Payments"). */
export function simulatedCheckout(gatewayOrderId: string, outcome: 'success' | 'failure') {
  return api.post('/api/payments/simulated/checkout', SimulatedCheckoutReply, { body: { gatewayOrderId, outcome } });
}
