import { OrdersReply, type OrderDto } from '@core/contracts/http/order-replies';
import { api } from '../../../lib/api-client';

/** GET /api/order/user: the user's orders, newest first. */
export async function getMyOrders(): Promise<OrderDto[]> {
  const reply = await api.get('/api/order/user', OrdersReply);
  return reply.orders;
}
