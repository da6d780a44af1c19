import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import {
  CancelOrderBody,
  IdempotencyHeaders,
  OrderIdParams,
  OrderReply,
  OrdersReply,
  PlaceOrderBody,
  PlaceOrderReply,
  UserOrdersQuery,
} from '../../../../core/contracts/http/orders';

/** The shopper's order calls; the seller's live in seller-routes.ts, the online payment's in their own files. */
export default async function shopperOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders, orderQueries } = app.services;

  // POST /api/order/cod { items, address }: prices, stock and ownership come from the database, never the body.
  app.post(
    '/cod',
    { onRequest: app.requireUser, config: { rateLimit: app.rateLimits.perMinute }, schema: { headers: IdempotencyHeaders, body: PlaceOrderBody, response: { 200: PlaceOrderReply, 201: PlaceOrderReply, ...ErrorReplies } } },
    async (request, reply) => {
      const { checkoutId, orders: placed, created } = await orders.placeOrder({
        userId: request.userId,
        items: request.body.items,
        addressId: request.body.address,
        paymentType: 'COD',
        idempotencyKey: request.headers['idempotency-key'],
      });
      // A replayed double submit answers 200 with the first order, flagged the way payment APIs flag replays.
      if (!created) reply.header('idempotent-replayed', 'true');
      // One order per store of the cart; `order` stays the first of them for clients that know one order only.
      return reply.code(created ? 201 : 200).send({ success: true as const, message: 'Order Placed Successfully', checkoutId, order: placed[0]!, orders: placed });
    },
  );

  // POST /api/order/:id/cancel { reason? }: the shopper cancels their own order before it is on its way.
  app.post(
    '/:id/cancel',
    { onRequest: app.requireUser, schema: { params: OrderIdParams, body: CancelOrderBody, response: { 200: OrderReply, ...ErrorReplies } } },
    async (request) => {
      const order = await orders.cancelByShopper(request.userId, request.params.id, request.body?.reason);
      const message = order.refund ? 'Order cancelled; your payment is being refunded' : 'Order cancelled';
      return { success: true as const, message, order };
    },
  );

  // GET /api/order/user: the shopper's own orders, newest first; ?page=&limit= pages, no limit = all of them.
  app.get('/user', { onRequest: app.requireUser, schema: { querystring: UserOrdersQuery, response: { 200: OrdersReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, ...(await orderQueries.listForUser(request.userId, request.query)) };
  });
}
