import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { once } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooMany } from '../../core/domain/errors';
import { isSelling } from '../../core/domain/store-status';
import { createRedis } from '../../core/infra/redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route `config.rateLimit` values for the calls worth abusing: pass one as `{ config: { rateLimit: … } }`. */
    rateLimits: { perMinute: RateLimitOptions; registrations: RateLimitOptions; uploads: RateLimitOptions };
    /**
     * preHandler of every route that changes a store's products (add, edit, patch, stock, delete): one budget per
     * store for all of them together; past it, 429. Runs after `requireSeller`, which names the store.
     */
    limitProductWrites: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Product changes one store may make per minute, all its product write routes together. Each change is written,
 * broadcast to every open page and clears the catalogue cache of every API process, and any store may make them,
 * even one still waiting for approval. A seller restocking or switching products by hand saves one every second or
 * two at the fastest, so 60 a minute holds them back only for a burst of clicks, and only until the minute is over.
 */
export const PRODUCT_WRITES_PER_MINUTE = 60;

/**
 * Product forms with images that a store which is not approved (pending, suspended or rejected) may send per hour, to
 * add and to edit each; an approved store has RATE_LIMIT_UPLOADS_PER_HOUR. Anyone can open a store and upload at
 * once, before the operator has looked at it, and the files stay on disk while a product or an order shows them. A new
 * store entering its catalogue by hand (name, prices, description and photos for each product) takes a few minutes a
 * product: 20 forms an hour, one every three minutes and at most 80 images, is more than that pace keeps up.
 */
export const UNAPPROVED_STORE_UPLOADS_PER_HOUR = 20;

/**
 * How long a request waits for Redis to count it. Redis answers in well under a millisecond; one that does not answer
 * in this time (hung, overloaded, cut off) is treated as down for this request.
 */
export const RATE_LIMIT_ANSWER_WITHIN_MS = 500;

/**
 * Request-rate limits per client address on login, registration, order placement and payment verification, and per
 * store on product forms with images and on product changes, with @fastify/rate-limit's Redis store so every API
 * process counts together. Its connection queues nothing while Redis is away (enableOfflineQueue off) and gives up on
 * a count after RATE_LIMIT_ANSWER_WITHIN_MS, so during an outage, or while Redis hangs, a request is not held up: the
 * limit is skipped (skipOnError) and the login budget (login-rate-limiter.ts) still guards passwords from memory.
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  const redis = createRedis(app.config, 'producer', { enableOfflineQueue: false, commandTimeout: RATE_LIMIT_ANSWER_WITHIN_MS });
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

  // The upload budget follows the store's standing, read from the database at each form (as adding a product reads
  // it), so an approval raises it at once. Both budgets count under the same key: an approval mid-hour keeps what the
  // store already sent. A store past the smaller budget is told why and what lifts it.
  const unapprovedUploaders = new WeakSet<FastifyRequest>();
  const uploadsMax = async (request: FastifyRequest) => {
    const store = await app.services.stores.find(request.sellerId);
    if (store && isSelling(store.status)) return uploadsPerHour;
    unapprovedUploaders.add(request);
    return Math.min(UNAPPROVED_STORE_UPLOADS_PER_HOUR, uploadsPerHour);
  };
  const uploadsRefused = (request: FastifyRequest, context: { max: number; ttl: number }) =>
    unapprovedUploaders.has(request)
      ? tooMany('rate_limited', `Your store can save ${context.max} product forms with images an hour until FreshCart approves it`, context.ttl / 1000)
      : tooMany('rate_limited', 'Too many requests', context.ttl / 1000);
  app.decorate('rateLimits', {
    perMinute: { max: perMinute, timeWindow: 60_000 },
    registrations: { max: registrationsPerHour, timeWindow: 60 * 60_000 },
    // Per store, not per address: counted once the seller session is known (after onRequest), before any byte of
    // the form is read.
    uploads: { max: uploadsMax, errorResponseBuilder: uploadsRefused, timeWindow: 60 * 60_000, hook: 'preHandler', keyGenerator: (request) => `store:${request.sellerId}` },
  });

  // A route takes one `config.rateLimit`, counted under a key of its own route, and the two form routes already use
  // theirs for the uploads. Product changes share one count per store across routes, so it is checked by hand.
  // Having no route to name it after, @fastify/rate-limit keeps it as `<prefix>:rate:undefinedundefined-<key>`.
  const productWrites = app.createRateLimit({ max: PRODUCT_WRITES_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `product-writes:store:${request.sellerId}` });
  app.decorate('limitProductWrites', async (request: FastifyRequest) => {
    const limit = await productWrites(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooMany('rate_limited', 'Too many product changes from this store', limit.ttlInSeconds);
  });
});
