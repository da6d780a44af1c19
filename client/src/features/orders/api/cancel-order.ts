import { OrderReply } from '@core/contracts/http/order-replies';
import { api } from '../../../lib/api-client';

/** POST /api/order/:id/cancel: the shopper cancels their own order while it is Pending or Order Placed. */
export function cancelOrder(orderId: string, reason?: string) {
  return api.post(`/api/order/${orderId}/cancel`, OrderReply, { body: reason ? { reason } : {} });
}
