import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from '../core/infra/config';
import { lazyRequestLogger, type Logger } from '../core/infra/logger';
import type { Db } from '../core/infra/prisma';
import type { Redis } from '../core/infra/redis';
import type { Services } from '../core/services';
import auth from './plugins/auth';
import compression from './plugins/compression';
import errorHandler from './plugins/error-handler';
import imageSweeps from './plugins/image-sweeps';
import inputGuard from './plugins/input-guard';
import live from './plugins/live';
import rateLimits from './plugins/rate-limits';
import security from './plugins/security';
import staticFiles from './plugins/static-files';
import apiRoutes from './routes/api';

export type AppDeps = {
  config: Config;
  db: Db;
  /** The API's fail-fast Redis connection (health, rate limits). It may be down: the API keeps working. */
  redis: Redis;
  services: Services;
  logger: Logger;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    redis: Redis;
    services: Services;
  }
}

/**
 * Request ids: a random prefix per process, then a counter: unique across processes and restarts, and cheaper than a
 * random UUID per request, which showed in profiles of the busiest read (a kept catalogue page).
 */
const REQUEST_ID_PREFIX = crypto.randomUUID().slice(0, 8);
let requestCount = 0;
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestCount).toString(36)}`;

/**
 * Fastify trusts no hop at all for a bare hop count (it cannot tell a proxy from a client that went round it), so
 * TRUST_PROXY's count becomes what it promises: the nearest N hops are proxies, and the client is the one before them.
 */
function trustedHops(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/** JSON bodies are small in this API; uploads go through multipart with their own limits (the product form routes). */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    // Fastify's own two lines per request are at info; ours (below) is one line at debug, so a production log at info
    // holds what happened to the store, not every page view.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedHops(deps.config.trustProxy),
    // Never let a client choose the request id: it appears in logs and error replies.
    genReqId: nextRequestId,
    // request.log: the request-id child logger is made only when a request writes a line (logger.ts).
    childLoggerFactory: (logger, bindings, options) => lazyRequestLogger(logger as Logger, bindings, options as Record<string, unknown>),
    // The router refuses malformed URLs and over-long path parameters before any handler runs; answer those in the
    // API's one error shape too, without echoing the URL back (docs/architecture.md, invariant 6).
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply
        .code(tooLong ? 414 : 400)
        .send({ success: false, message: tooLong ? 'The address (URL) is too long' : 'The address (URL) is malformed', code: error.code, reqId: request.id });
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate<Redis>('redis', deps.redis);
  app.decorate('services', deps.services);

  // External plugins, then the app's own, then routes (fastify/demo's order).
  await app.register(cookie);
  // The live hub keeps its own index of sockets and closes them itself at shutdown: ws's own set of clients (and the
  // 'close' listener it adds to every socket to maintain it) would only duplicate it.
  await app.register(websocket, { options: { maxPayload: 4 * 1024, clientTracking: false } });
  await app.register(compression);
  await app.register(errorHandler);
  await app.register(security);
  await app.register(inputGuard);
  await app.register(rateLimits);
  await app.register(auth);
  await app.register(live);
  await app.register(imageSweeps);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(staticFiles);
  return app;
}
