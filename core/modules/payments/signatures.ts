import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures (docs/architecture.md, "Payments"). Both are hex HMAC-SHA256; we compare them with
 * `crypto.timingSafeEqual` because the SDK's own helpers use `===`, which leaks how many leading characters matched.
 */

export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/**
 * Checkout's `razorpay_signature`: HMAC(<gateway order id> + '|' + <payment id>, key secret). Callers must pass the
 * gateway order id STORED with our order, never the one the browser sent, or a signature from a cheap order could
 * pay for an expensive one.
 */
export function checkoutSignature(gatewayOrderId: string, gatewayPaymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${gatewayOrderId}|${gatewayPaymentId}`);
}

/** Constant-time comparison of two hex digests; anything that is not 64 hex characters is simply unequal. */
export function hexDigestsEqual(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export function isValidCheckoutSignature(input: {
  storedGatewayOrderId: string;
  gatewayPaymentId: string;
  signature: string | null | undefined;
  keySecret: string;
}): boolean {
  return hexDigestsEqual(checkoutSignature(input.storedGatewayOrderId, input.gatewayPaymentId, input.keySecret), input.signature);
}

/** `X-Razorpay-Signature`: HMAC of the raw request body (byte for byte, before any JSON parsing) with the webhook secret. */
export function isValidWebhookSignature(rawBody: string | Buffer, signature: string | undefined, webhookSecret: string): boolean {
  return hexDigestsEqual(hmacSha256Hex(webhookSecret, rawBody), signature);
}
