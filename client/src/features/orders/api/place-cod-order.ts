import type { PlaceOrderBody } from '@core/contracts/http/orders';
import { PlaceOrderReply } from '@core/contracts/http/order-replies';
import { api } from '../../../lib/api-client';

/** The Idempotency-Key belongs to what the checkout sends (use-place-order.ts), so a double submit never creates two orders. */
export function placeCodOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api.post('/api/order/cod', PlaceOrderReply, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
