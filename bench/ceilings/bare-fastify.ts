import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The framework ceiling for the catalogue read: bare Fastify 5, no plugins, no logger, answering
 * GET /api/product/list with the very bytes the product's API returned (read from BODY_FILE), held in memory as a
 * Buffer: the cheapest way to send them, and the way the product's hot path sends its cached body.
 */
const body = readFileSync(process.env.BODY_FILE!);
const app = Fastify({ logger: false });
app.get('/api/product/list', (_request, reply) => {
  reply.type('application/json').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
