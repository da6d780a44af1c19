import type { FastifyInstance } from 'fastify';

async function timed<T>(probe: () => Promise<T>, timeoutMs = 1000): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs))]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** GET /api/health: is PostgreSQL reachable, is Redis reachable. 503 when PostgreSQL is down (nothing works then). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/', async (_request, reply) => {
    const [postgres, redis] = await Promise.all([timed(() => app.db.$queryRaw`SELECT 1`), timed(() => app.redis.ping())]);
    const success = postgres.ok;
    return reply.code(success ? 200 : 503).send({ success, postgres, redis });
  });
}
