import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../core/infra/config';
import { createLogger } from '../../core/infra/logger';
import { createPrisma, transactionsOf, type Db, type Transaction } from '../../core/infra/prisma';
import { createRedis, type Redis } from '../../core/infra/redis';
import type { PaymentGateway } from '../../core/modules/payments/payment-gateway';
import { createServices, type Services } from '../../core/services';
import { buildApp } from '../../server/app';
import { TEST_PASSWORD_COST, TEST_RATE_LIMITS } from './services-env';
import { createTestDatabase } from './test-db';

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  redis: Redis;
  config: Config;
  services: Services;
  /** The application's transactions on `db`: like a service's, one that writes outbox rows wakes the relays at commit. */
  transaction: Transaction;
  /** The file's own Redis prefix: BullMQ queues and pub/sub channels never collide between files. */
  prefix: string;
  close: () => Promise<void>;
};

/**
 * A fresh database, Redis prefix and upload dir, and the real app on top; call once per test file.
 * `logDestination` receives the app's log lines (set LOG_LEVEL in env to see more than nothing).
 */
export async function buildTestContext(
  env: Record<string, string> = {},
  // paymentGateway: a Razorpay gateway aimed at tests/helpers/fake-razorpay.ts instead of the one config would build.
  options: { logDestination?: DestinationStream; paymentGateway?: PaymentGateway } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'grocery-uploads-'));
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: prefix,
    UPLOAD_DIR: uploadDir,
    PORT: '0',
    SERVE_CLIENT: 'false',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...TEST_PASSWORD_COST,
    ...TEST_RATE_LIMITS,
    ...env,
  });
  const db = createPrisma(config.databaseUrl, { max: 5 });
  const redis = createRedis(config, 'producer');
  redis.on('error', () => {});
  const logger = createLogger(config.logLevel, 'test', options.logDestination);
  const services = createServices({ config, db, redis, paymentGateway: options.paymentGateway, logger });
  const app = await buildApp({ config, db, redis, services, logger });
  await app.ready();
  return {
    app,
    db,
    redis,
    config,
    services,
    transaction: transactionsOf(db),
    prefix,
    async close() {
      await app.close();
      await Promise.allSettled([db.$disconnect(), redis.quit()]);
      await database.drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
