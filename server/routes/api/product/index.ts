import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../../../core/contracts/http/common';
import { ProductDto, ProductListQuery, ProductListReply } from '../../../../core/contracts/http/products';

export default async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  // GET /api/product/list: in-stock products; ?search=&category=&page=&limit= narrow it, no limit = the whole list.
  app.get('/list', { schema: { querystring: ProductListQuery, response: { 200: ProductListReply } } }, async (request, reply) => {
    const q = request.query;
    if (!q.search && !q.category && !q.limit && !q.page) {
      // The hot path: a ready-made JSON string, sent as is.
      return reply.type('application/json').send(await catalog.wholeListJson());
    }
    return { success: true as const, ...(await catalog.list(q)) };
  });

  app.get('/:id', { schema: { params: IdParams, response: { 200: z.object({ success: z.literal(true), product: ProductDto }) } } }, async (request) => {
    return { success: true as const, product: await catalog.get(request.params.id) };
  });
}
