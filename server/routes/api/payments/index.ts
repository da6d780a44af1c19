import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { SimulatedCheckoutBody, SimulatedCheckoutReply, SimulatedCompleteBody, SimulatedCompleteReply } from '../../../../core/contracts/http/payments';
import { notFound } from '../../../../core/domain/errors';
import webhookRoutes from './webhook-routes';

/** /api/payments: the gateway's own calls (webhooks) and the simulated gateway's test checkout. */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  // Its own plugin: the raw-body JSON parser must apply to the webhook only.
  await app.register(webhookRoutes);

  // With real keys configured there is no test checkout at all: 404 before the body is even looked at.
  const onlySimulated = async () => {
    if (!payments.simulated) throw notFound('not_found', 'Not found');
  };

  // POST /api/payments/simulated/checkout { gatewayOrderId, outcome, refund? }: the test checkout makes a payment on
  // the caller's own gateway order, and the simulated gateway sends the webhooks Razorpay would.
  app.post(
    '/simulated/checkout',
    { onRequest: [onlySimulated, app.requireUser], schema: { body: SimulatedCheckoutBody, response: { 200: SimulatedCheckoutReply, ...ErrorReplies } } },
    async (request) => {
      const result = await payments.simulatedCheckout(request.userId, request.body);
      return { success: true as const, ...result };
    },
  );

  // POST /api/payments/simulated/complete { gatewayPaymentId, outcome }: a pending UPI collect approved or declined.
  app.post(
    '/simulated/complete',
    { onRequest: [onlySimulated, app.requireUser], schema: { body: SimulatedCompleteBody, response: { 200: SimulatedCompleteReply, ...ErrorReplies } } },
    async (request) => {
      const { status } = await payments.simulatedComplete(request.userId, request.body.gatewayPaymentId, request.body.outcome);
      return { success: true as const, status };
    },
  );
}
