import type { FastifyInstance } from 'fastify';
import type { Config } from '../core/infra/config';
import type { Logger } from '../core/infra/logger';
import { logOutages } from '../core/infra/outage-log';
import { createPrisma } from '../core/infra/prisma';
import { createRedis } from '../core/infra/redis';
import { ensureConfiguredSeller } from '../core/modules/sellers/seller-service';
import { createServices } from '../core/services';
import { buildApp } from './app';

export type RunningApi = { app: FastifyInstance; url: string; close: () => Promise<void> };

/** Builds the API with its own connections and starts listening; `close()` drains requests, then connections. */
export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const db = createPrisma(config.databaseUrl, { max: config.databasePoolSize, logger });
  const redis = createRedis(config, 'producer');
  // A Redis outage must not crash the API: orders keep flowing through the outbox (docs/architecture.md).
  logOutages(redis, logger, 'Redis');
  // Every API start makes sure the configured seller (SELLER_EMAIL / SELLER_PASSWORD) can log in.
  const services = createServices({ config, db, redis, logger });
  const seller = await ensureConfiguredSeller(db, config, services.sessions);
  if (seller.action !== 'unchanged') logger.info(`Seller account ${config.seller.email} ${seller.action}.`);
  const app = await buildApp({ config, db, redis, services, logger });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    url: `http://localhost:${port}`,
    async close() {
      await app.close();
      await Promise.allSettled([db.$disconnect(), redis.quit()]);
    },
  };
}
