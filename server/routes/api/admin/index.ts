import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies, IdParams } from '../../../../core/contracts/http/common';
import {
  AdminOrdersQuery,
  AdminOrdersReply,
  AdminSellersQuery,
  AdminSellersReply,
  AdminTotalsQuery,
  AdminTotalsReply,
  SellerStatusBody,
  SellerStatusReply,
} from '../../../../core/contracts/http/stores';

/** The platform operator's calls: the stores and their standing, every store's orders, and per-store totals. */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { stores, operator } = app.services;
  const operatorOnly = { onRequest: app.requireOperator };

  // GET /api/admin/sellers?status=: every store (newest sign-up first), or those of one standing.
  app.get('/sellers', { ...operatorOnly, schema: { querystring: AdminSellersQuery, response: { 200: AdminSellersReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, sellers: await stores.list(request.query.status) };
  });

  // PUT /api/admin/sellers/:id/status { status, reason? }: approve, reject, suspend or reinstate a store.
  app.put(
    '/sellers/:id/status',
    { ...operatorOnly, schema: { params: IdParams, body: SellerStatusBody, response: { 200: SellerStatusReply, ...ErrorReplies } } },
    async (request) => {
      const seller = await stores.changeStatus(request.params.id, request.body);
      return { success: true as const, message: `${seller.storeName} is now ${seller.status}`, seller };
    },
  );

  // GET /api/admin/orders?seller=&status=&page=&limit=: every store's orders, newest first.
  app.get('/orders', { ...operatorOnly, schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, ...(await operator.orders(request.query)) };
  });

  // GET /api/admin/totals?from=&to=: per store, the orders placed in [from, to).
  app.get('/totals', { ...operatorOnly, schema: { querystring: AdminTotalsQuery, response: { 200: AdminTotalsReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, ...(await operator.totals(request.query)) };
  });
}
