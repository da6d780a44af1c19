import { SellerOrdersReply, StatusUpdateReply } from '@core/contracts/http/order-replies';
import type { OrderStatus } from '@core/domain/order-status';
import { api } from '../../../lib/api-client';

export type SellerOrdersQuery = { status: OrderStatus | ''; page: number; limit: number };

/** GET /api/order/seller: newest first, one page. */
export async function getSellerOrders(query: SellerOrdersQuery) {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.status) params.set('status', query.status);
  const reply = await api.get(`/api/order/seller?${params.toString()}`, SellerOrdersReply);
  return { orders: reply.orders, total: reply.total };
}

/** PUT /api/order/status; a backward move is refused with 409 and a message; cancelling needs a reason; On The Way may take an ETA in minutes. */
export function updateOrder(orderId: string, change: { status?: OrderStatus; isPaid?: boolean; reason?: string; etaMinutes?: number }) {
  return api.put('/api/order/status', StatusUpdateReply, { body: { orderId, ...change } });
}
