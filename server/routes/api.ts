import type { FastifyInstance } from 'fastify';
import healthRoutes from './api/health/index';
import productRoutes from './api/product/index';

/** Every /api resource, one folder each (the spec's call table, section 7). */
export default async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(productRoutes, { prefix: '/product' });
}
