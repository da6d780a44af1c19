import { z } from 'zod';

export const RazorpayCreateReply = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }),
  dbOrderId: z.string(),
  key: z.string(),
  /** 'simulated' tells the client to open the built-in test checkout instead of Razorpay's. */
  gateway: z.enum(['razorpay', 'simulated']),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});

const GatewayId = (label: string) => z.string({ message: `${label} is required` }).min(1, `${label} is required`).max(100);

export const VerifyBody = z.strictObject({
  razorpay_order_id: GatewayId('razorpay_order_id'),
  razorpay_payment_id: GatewayId('razorpay_payment_id'),
  razorpay_signature: z.string({ message: 'razorpay_signature is required' }).regex(/^[0-9a-f]{64}$/i, 'razorpay_signature is malformed'),
  orderId: z.uuid({ message: 'orderId must be a valid id' }),
});
export type VerifyBody = z.infer<typeof VerifyBody>;
