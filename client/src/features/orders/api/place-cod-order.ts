import type { PlaceOrderBody } from '@core/contracts/http/orders';
import { PlaceOrderReply } from '@core/contracts/http/order-replies';
import { api } from '../../../lib/api-client';

/** The Idempotency-Key is made once per checkout attempt, so a double submit never creates two orders. */
export function placeCodOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api.post('/api/order/cod', PlaceOrderReply, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
