import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { StoreInfoReply } from '../../../../core/contracts/http/store';

export default async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const info = { success: true as const, testPayments: app.config.testPayments, publicOrigin: app.config.publicOrigin };

  // GET /api/store: whether payments are test payments (the banner every visitor sees) and the store's address.
  app.get('/', { schema: { response: { 200: StoreInfoReply, ...ErrorReplies } } }, async () => info);
}
