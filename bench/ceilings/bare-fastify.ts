import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The framework ceiling for catalogue reads: bare Fastify 5, no plugins, no logger, answering each GET of
 * /api/product/list?… with the very response the product's API sent for that URL: its headers (content type and
 * encoding, security headers: all but date, connection and length, which Fastify writes itself) and its body,
 * compressed as the API compressed it, held in memory: the cheapest way to send the same bytes. BODIES_FILE is a JSON
 * list of { url, headers, file }.
 */
type Body = { url: string; headers: Record<string, string>; file: string };
const bodies = new Map(
  (JSON.parse(readFileSync(process.env.BODIES_FILE!, 'utf8')) as Body[]).map((b) => [b.url, { headers: b.headers, bytes: readFileSync(b.file) }]),
);
const app = Fastify({ logger: false });
app.get('/api/product/list', (request, reply) => {
  const body = bodies.get(request.url);
  if (!body) return reply.code(404).send();
  return reply.headers(body.headers).send(body.bytes);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
