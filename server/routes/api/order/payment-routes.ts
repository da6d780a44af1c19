import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies, ErrorReply, MessageReply } from '../../../../core/contracts/http/common';
import { IdempotencyHeaders, OrderIdParams, PlaceOrderBody } from '../../../../core/contracts/http/orders';
import { RazorpayCreateReply, VerifyBody } from '../../../../core/contracts/http/payments';
import { AppError } from '../../../../core/domain/errors';

/** The online-payment calls, under /api/order beside the COD one (order/index.ts). */
export default async function paymentOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  // POST /api/order/razorpay/create { items, address }: a Pending order with stock reserved, then its gateway order.
  app.post(
    '/razorpay/create',
    { onRequest: app.requireUser, config: { rateLimit: app.rateLimits.perMinute }, schema: { headers: IdempotencyHeaders, body: PlaceOrderBody, response: { 200: RazorpayCreateReply, 201: RazorpayCreateReply, ...ErrorReplies } } },
    async (request, reply) => {
      const { reply: checkout, created } = await payments.createOnlineOrder({
        userId: request.userId,
        items: request.body.items,
        addressId: request.body.address,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.code(created ? 201 : 200).send(checkout);
    },
  );

  // POST /api/order/:id/pay ("Pay now"): Checkout again for the shopper's own Pending online order, same gateway order.
  app.post('/:id/pay', { onRequest: app.requireUser, schema: { params: OrderIdParams, response: { 200: RazorpayCreateReply, ...ErrorReplies } } }, async (request) => {
    return payments.payAgain(request.userId, request.params.id);
  });

  // POST /api/order/razorpay/verify: recorded and queued; the payments worker verifies and the order flips live.
  app.post('/razorpay/verify', { onRequest: app.requireUser, config: { rateLimit: app.rateLimits.perMinute }, schema: { body: VerifyBody, response: { 200: MessageReply, ...ErrorReplies } } }, async (request) => {
    const { message } = await payments.submitCheckout(request.userId, request.body);
    return { success: true as const, message };
  });

  // POST /api/order/stripe: the card branch exists in the call table, but no card option is offered.
  app.post('/stripe', { schema: { response: { 501: ErrorReply, ...ErrorReplies } } }, async () => {
    throw new AppError('not_implemented', 'card_payments_not_offered', 'Card payments are not offered; choose Cash on Delivery or Online Payment');
  });
}
