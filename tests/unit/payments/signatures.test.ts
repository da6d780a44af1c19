import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import { checkoutSignature, hexDigestsEqual, isValidCheckoutSignature, isValidWebhookSignature } from '../../../core/modules/payments/signatures';

describe('payment signatures', () => {
  const secret = 'key-secret-for-tests';

  it('computes Checkout’s signature exactly as Razorpay documents it, and as the SDK’s own check accepts it', () => {
    const signature = checkoutSignature('order_A', 'pay_B', secret);
    expect(signature).toBe(createHmac('sha256', secret).update('order_A|pay_B').digest('hex'));
    expect(Razorpay.validateWebhookSignature('order_A|pay_B', signature, secret)).toBe(true);
  });

  it('accepts only the signature for the stored gateway order id', () => {
    const signature = checkoutSignature('order_Cheap', 'pay_1', secret);
    expect(isValidCheckoutSignature({ storedGatewayOrderId: 'order_Cheap', gatewayPaymentId: 'pay_1', signature, keySecret: secret })).toBe(true);
    expect(isValidCheckoutSignature({ storedGatewayOrderId: 'order_Expensive', gatewayPaymentId: 'pay_1', signature, keySecret: secret })).toBe(false);
    expect(isValidCheckoutSignature({ storedGatewayOrderId: 'order_Cheap', gatewayPaymentId: 'pay_1', signature, keySecret: 'other' })).toBe(false);
  });

  it('treats anything that is not a 64-character hex digest as unequal instead of throwing', () => {
    const good = checkoutSignature('o', 'p', secret);
    for (const bad of [undefined, null, '', 'zz'.repeat(32), good.slice(0, 62), `${good}00`]) expect(hexDigestsEqual(good, bad)).toBe(false);
    expect(hexDigestsEqual(good, good.toUpperCase())).toBe(true);
  });

  it('signs webhooks over the raw bytes: re-serialised JSON does not verify', () => {
    const raw = '{"event":"payment.captured", "payload":{}}';
    const signature = createHmac('sha256', 'whsec').update(raw).digest('hex');
    expect(isValidWebhookSignature(raw, signature, 'whsec')).toBe(true);
    expect(isValidWebhookSignature(JSON.stringify(JSON.parse(raw)), signature, 'whsec')).toBe(false);
    expect(isValidWebhookSignature(raw, signature, secret)).toBe(false);
  });
});
