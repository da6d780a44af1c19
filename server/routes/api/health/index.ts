import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { HealthReply } from '../../../../core/contracts/http/health';
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
 * GET /api/health: PostgreSQL and Redis reachability, the outbox backlog (and how old its oldest row is), whether a
 * relay is listening for new events, and the queue depths. 503 only when PostgreSQL is down: without Redis, orders
 * are still taken and events wait in the outbox.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const queueDepths = createQueueDepths(app.redis, app.config.redisPrefix);
  app.addHook('onClose', () => queueDepths.close());
  const { outboxMonitor } = app.services;

  app.get('/', { schema: { response: { 200: HealthReply, 503: HealthReply, ...ErrorReplies } } }, async (_request, reply) => {
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
      postgres: strip(postgres),
      redis: strip(redis),
      outbox: outbox.value ?? null,
      relay: relay.value ?? null,
      queues: queues.value ?? null,
    });
  });
}
