import type { z } from 'zod/mini';
import type { OrderStatus } from '@core/domain/order-status';
import { AdminOrdersReply, AdminSellersReply, AdminTotalsReply, SellerStatusReply, type StoreDto } from '@core/contracts/http/store-replies';
import type { SellerStatusBody } from '@core/contracts/http/stores';
import { api } from '../../../lib/api-client';

/** GET /api/admin/sellers: every store (the pages sort them into their status tabs). */
export async function getAdminStores(): Promise<StoreDto[]> {
  const reply = await api.get('/api/admin/sellers', AdminSellersReply);
  return reply.sellers;
}

/** PUT /api/admin/sellers/:id/status: approve, reject (with a reason) or suspend (a reason optional) a store. */
export function setStoreStatus(id: string, body: z.input<typeof SellerStatusBody>) {
  return api.put(`/api/admin/sellers/${encodeURIComponent(id)}/status`, SellerStatusReply, { body });
}

export type AdminOrdersFilter = { seller: string; status: OrderStatus | '' };

/** GET /api/admin/orders: every store's orders, newest first, one page. */
export async function getAdminOrders(filter: AdminOrdersFilter, page: number, limit: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter.seller) params.set('seller', filter.seller);
  if (filter.status) params.set('status', filter.status);
  const reply = await api.get(`/api/admin/orders?${params.toString()}`, AdminOrdersReply);
  return { orders: reply.orders, total: reply.total };
}

/** GET /api/admin/totals: per-store figures for orders placed in [from, to). */
export function getStoreTotals(from: string, to: string) {
  const params = new URLSearchParams({ from, to });
  return api.get(`/api/admin/totals?${params.toString()}`, AdminTotalsReply);
}
