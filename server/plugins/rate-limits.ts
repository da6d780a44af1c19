import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooMany } from '../../core/domain/errors';
import { createRedis } from '../../core/infra/redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route `config.rateLimit` values for the calls worth abusing: pass one as `{ config: { rateLimit: … } }`. */
    rateLimits: { perMinute: RateLimitOptions; registrations: RateLimitOptions; uploads: RateLimitOptions };
  }
}

/**
 * Request-rate limits per client address on login, registration, order placement and payment verification, and per
 * store on product forms with images, with @fastify/rate-limit's Redis store so every API process counts together.
 * Its connection queues nothing while Redis is away (enableOfflineQueue off), so during an outage a request is not
 * held up: the limit is skipped (skipOnError) and the login budget (login-rate-limiter.ts) still guards passwords
 * from memory.
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  const redis = createRedis(app.config, 'producer', { enableOfflineQueue: false });
  redis.on('error', (err) => app.log.debug({ err: err.message }, 'rate limits: redis unavailable'));
  app.addHook('onClose', async () => void redis.disconnect());
  // Give the connection a moment, so the first requests after start are counted; a Redis that is down must not hold
  // the start up.
  await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 500).unref())]).catch(() => {});

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${app.config.redisPrefix}:rate:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany('rate_limited', 'Too many requests', context.ttl / 1000),
  });

  const { perMinute, registrationsPerHour, uploadsPerHour } = app.config.rateLimits;
  app.decorate('rateLimits', {
    perMinute: { max: perMinute, timeWindow: 60_000 },
    registrations: { max: registrationsPerHour, timeWindow: 60 * 60_000 },
    // Per store, not per address: counted once the seller session is known (after onRequest), before any byte of
    // the form is read.
    uploads: { max: uploadsPerHour, timeWindow: 60 * 60_000, hook: 'preHandler', keyGenerator: (request) => `store:${request.sellerId}` },
  });
});
