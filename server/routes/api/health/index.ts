import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { HealthReply } from '../../../../core/contracts/http/health';
import { queuePrefix } from '../../../../core/infra/redis';
import { SELLER_COOKIE } from '../../../plugins/auth';
import { createQueueDepths } from './queue-depths';

type Probe<T> = { ok: boolean; ms: number; error?: string; value?: T };

async function timed<T>(probe: () => Promise<T>, timeoutMs = 3000): Promise<Probe<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), timeoutMs))),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started), value };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A bearer token equal to HEALTH_TOKEN (compared in constant time), or the platform operator's seller session. Any
 * other store's session is not enough: anyone can register a store and is signed in at once, still pending.
 */
async function isOperator(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = app.config.healthToken;
  const bearer = request.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
  if (token && bearer) {
    const [given, expected] = [createHash('sha256').update(bearer).digest(), createHash('sha256').update(token).digest()];
    if (timingSafeEqual(given, expected)) return true;
  }
  const principal = await app.services.sessions.resolve(request.cookies[SELLER_COOKIE]).catch(() => null);
  // The operator flag is read fresh, as requireOperator does: never remembered with the session.
  return principal?.kind === 'seller' && (await app.services.stores.isOperator(principal.sellerId).catch(() => false));
}

/**
 * GET /api/health: up (200) or down (503) for anyone, e.g. a load balancer. For an operator: PostgreSQL and Redis
 * reachability, the outbox backlog (and how old its oldest row is), whether a
 * relay is listening for new events, and the queue depths. 503 only when PostgreSQL is down: without Redis, orders
 * are still taken and events wait in the outbox.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const queueDepths = createQueueDepths(app.redis, queuePrefix(app.config));
  app.addHook('onClose', () => queueDepths.close());
  const { outboxMonitor } = app.services;

  app.get('/', { schema: { response: { 200: HealthReply, 503: HealthReply, ...ErrorReplies } } }, async (request, reply) => {
    if (!(await isOperator(app, request))) {
      const up = (await timed(() => outboxMonitor.databaseAnswers())).ok;
      return reply.code(up ? 200 : 503).send({ success: up, status: up ? 'up' : 'down' });
    }
    const [postgres, redis, outbox, relay, queues] = await Promise.all([
      timed(() => outboxMonitor.databaseAnswers()),
      timed(() => app.redis.ping()),
      timed(() => outboxMonitor.backlog()),
      timed(() => outboxMonitor.relay()),
      timed(() => queueDepths.read()),
    ]);
    const strip = <T>({ value: _value, ...rest }: Probe<T>) => rest;
    return reply.code(postgres.ok ? 200 : 503).send({
      success: postgres.ok,
      status: postgres.ok ? 'up' : 'down',
      postgres: strip(postgres),
      redis: strip(redis),
      outbox: outbox.value ?? null,
      relay: relay.value ?? null,
      queues: queues.value ?? null,
    });
  });
}
