import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The framework ceiling for catalogue reads: bare Fastify 5, no plugins, no logger, answering each GET of
 * /api/product/list?… with the very bytes the product's API sent for that URL, compressed as the API compressed them
 * (content-encoding as it answered), held in memory: the cheapest way to send them. BODIES_FILE is a JSON list of
 * { url, encoding, file }.
 */
type Body = { url: string; encoding: string | null; file: string };
const bodies = new Map(
  (JSON.parse(readFileSync(process.env.BODIES_FILE!, 'utf8')) as Body[]).map((b) => [b.url, { encoding: b.encoding, bytes: readFileSync(b.file) }]),
);
const app = Fastify({ logger: false });
app.get('/api/product/list', (request, reply) => {
  const body = bodies.get(request.url);
  if (!body) return reply.code(404).send();
  reply.type('application/json').header('vary', 'accept-encoding');
  if (body.encoding) reply.header('content-encoding', body.encoding);
  return reply.send(body.bytes);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
