import { RazorpayCreateReply } from '@core/contracts/http/payments';
import { api } from '../../../lib/api-client';
import type { OnlineCheckout } from './create-online-order';

/** POST /api/order/:id/pay ("Pay now"): Checkout again for a Pending online order, same gateway order. */
export function payAgain(orderId: string): Promise<OnlineCheckout> {
  return api.post(`/api/order/${orderId}/pay`, RazorpayCreateReply, { body: {} });
}
