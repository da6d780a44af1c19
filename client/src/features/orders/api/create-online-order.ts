import type { z } from 'zod/mini';
import type { PlaceOrderBody } from '@core/contracts/http/orders';
import { RazorpayCreateReply } from '@core/contracts/http/payments';
import { api } from '../../../lib/api-client';

export type OnlineCheckout = z.infer<typeof RazorpayCreateReply>;

/** Creates our Pending order and the gateway order; the client then opens the checkout. */
export function createOnlineOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<OnlineCheckout> {
  return api.post('/api/order/razorpay/create', RazorpayCreateReply, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
