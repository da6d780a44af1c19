import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { SellerOrdersQuery, SellerOrdersReply, StatusUpdateBody, StatusUpdateReply } from '../../../../core/contracts/http/orders';

/** The seller's order board calls, under /api/order beside the shopper's (order/index.ts). */
export default async function sellerOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sellerOrders } = app.services;

  // GET /api/order/seller?status=&page=&limit=: the signed-in store's orders (the operator's too: its own store's), newest first, with items, address, history and the total count.
  app.get('/seller', { onRequest: app.requireSeller, schema: { querystring: SellerOrdersQuery, response: { 200: SellerOrdersReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, ...(await sellerOrders.board(request.sellerId, request.query)) };
  });

  // PUT /api/order/status { orderId, status?, isPaid? }: forward moves only; cash collected on COD orders.
  app.put('/status', { onRequest: app.requireSeller, schema: { body: StatusUpdateBody, response: { 200: StatusUpdateReply, ...ErrorReplies } } }, async (request) => {
    const order = await sellerOrders.updateStatus(request.body, request.sellerId);
    return { success: true as const, message: 'Order status updated', order };
  });
}
