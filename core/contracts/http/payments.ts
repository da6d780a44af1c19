import { z } from 'zod';

export const RazorpayCreateReply = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }),
  dbOrderId: z.string(),
  key: z.string(),
  /** 'simulated' tells the client to open the built-in test checkout instead of Razorpay's. */
  gateway: z.enum(['razorpay', 'simulated']),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** How long Checkout may stay open; it closes before the server would expire the unpaid order. */
  timeoutSeconds: z.number().int().positive(),
});
export type RazorpayCreateReply = z.infer<typeof RazorpayCreateReply>;

const GatewayId = (label: string) => z.string({ message: `${label} is required` }).min(1, `${label} is required`).max(100);

export const VerifyBody = z.strictObject({
  razorpay_order_id: GatewayId('razorpay_order_id'),
  razorpay_payment_id: GatewayId('razorpay_payment_id'),
  razorpay_signature: z.string({ message: 'razorpay_signature is required' }).regex(/^[0-9a-f]{64}$/i, 'razorpay_signature is malformed'),
  orderId: z.uuid({ message: 'orderId must be a valid id' }),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

/** The simulated gateway's test checkout (only while no Razorpay keys are configured). */
export const SimulatedCheckoutBody = z.strictObject({
  gatewayOrderId: GatewayId('gatewayOrderId'),
  outcome: z.enum(['success', 'failure'], { message: "outcome must be 'success' or 'failure'" }),
});

/** Exactly what Razorpay Checkout hands its success handler. */
export const GatewayResponse = z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() });
export type GatewayResponse = z.infer<typeof GatewayResponse>;

export const SimulatedCheckoutReply = z.object({ success: z.literal(true), response: GatewayResponse });
