import { z } from 'zod/mini';
import { uuidOf } from './common';

export const RazorpayCreateReply = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), amount: z.int(), currency: z.string() }),
  /** The checkout's first order (the one verify is called with); `orderIds` are all of them, one per store. */
  dbOrderId: z.string(),
  checkoutId: z.string(),
  orderIds: z.array(z.string()).check(z.minLength(1)),
  key: z.string(),
  /** 'simulated' tells the client to open the built-in test checkout instead of Razorpay's. */
  gateway: z.enum(['razorpay', 'simulated']),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** How long Checkout may stay open; it closes before the server would expire the unpaid order. */
  timeoutSeconds: z.int().check(z.positive()),
  /** When the Pending order is cancelled unless paid (ISO time). */
  expiresAt: z.nullable(z.string()),
});
export type RazorpayCreateReply = z.infer<typeof RazorpayCreateReply>;

const GatewayId = (label: string) => z.string({ message: `${label} is required` }).check(z.minLength(1, `${label} is required`), z.maxLength(100));

export const VerifyBody = z.strictObject({
  razorpay_order_id: GatewayId('razorpay_order_id'),
  razorpay_payment_id: GatewayId('razorpay_payment_id'),
  razorpay_signature: z.string({ message: 'razorpay_signature is required' }).check(z.regex(/^[0-9a-f]{64}$/i, 'razorpay_signature is malformed')),
  orderId: uuidOf('orderId must be a valid id'),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

const TEST_OUTCOMES = ['success', 'authorized', 'pending', 'failure'] as const;

/**
 * The simulated gateway's test checkout (only while no Razorpay keys are configured): `success` captures, `authorized`
 * leaves the capture to the worker, `pending` is a UPI collect not yet approved, `failure` fails. `refund` decides how
 * a later refund of this payment ends.
 */
export const SimulatedCheckoutBody = z.strictObject({
  gatewayOrderId: GatewayId('gatewayOrderId'),
  outcome: z.enum(TEST_OUTCOMES, { message: `outcome must be one of ${TEST_OUTCOMES.join(', ')}` }),
  refund: z.optional(z.enum(['processed', 'failed'], { message: "refund must be 'processed' or 'failed'" })),
});

/** Exactly what Razorpay Checkout hands its success handler. */
export const GatewayResponse = z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() });
export type GatewayResponse = z.infer<typeof GatewayResponse>;

/**
 * What Razorpay Checkout hands its handlers: `response` (success handler: ids and signature) or `error` (failure
 * handler: no signature, the shopper may retry). `paymentId` names the payment either way.
 */
export const SimulatedCheckoutReply = z.object({
  success: z.literal(true),
  paymentId: z.string(),
  response: z.optional(GatewayResponse),
  error: z.optional(z.object({ code: z.string(), description: z.string(), metadata: z.object({ order_id: z.string(), payment_id: z.string() }) })),
});

/** A pending (UPI collect) test payment approved or declined, however late. */
export const SimulatedCompleteBody = z.strictObject({
  gatewayPaymentId: GatewayId('gatewayPaymentId'),
  outcome: z.enum(['success', 'failure'], { message: "outcome must be 'success' or 'failure'" }),
});
export const SimulatedCompleteReply = z.object({ success: z.literal(true), status: z.string() });
