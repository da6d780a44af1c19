import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { SimulatedCheckoutBody, SimulatedCheckoutReply } from '../../../../core/contracts/http/payments';
import { notFound } from '../../../../core/domain/errors';
import webhookRoutes from './webhook-routes';

/** /api/payments: the gateway's own calls (webhooks) and the simulated gateway's test checkout. */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  // Its own plugin: the raw-body JSON parser must apply to the webhook only.
  await app.register(webhookRoutes);

  // POST /api/payments/simulated/checkout { gatewayOrderId, outcome }: the test checkout pays or fails the caller's own
  // order. With real keys configured there is no such thing: 404 before the body is even looked at.
  app.post(
    '/simulated/checkout',
    {
      onRequest: [
        async () => {
          if (!payments.simulated) throw notFound('not_found', 'Not found');
        },
        app.requireUser,
      ],
      schema: { body: SimulatedCheckoutBody, response: { 200: SimulatedCheckoutReply, ...ErrorReplies } },
    },
    async (request) => {
      const response = await payments.simulatedCheckout(request.userId, request.body.gatewayOrderId, request.body.outcome);
      return { success: true as const, response };
    },
  );
}
