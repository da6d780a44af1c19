import path from 'node:path';
import { ConfigError, isSet, loadConfig, type Config } from '../core/infra/config';
import { createLogger } from '../core/infra/logger';
import { createPrisma } from '../core/infra/prisma';
import { ensureConfiguredSeller } from '../core/modules/sellers/seller-service';
import { seedDemoCatalog } from '../prisma/seed/seed-catalog';
import { CLIENT_DIR } from '../server/plugins/static-files';
import { startApi } from '../server/server';
import { startWorkers } from '../workers/worker-runtime';
import { ensureClientBuild } from './start/ensure-client-build';
import { applyMigrations, ensureDatabaseExists } from './start/ensure-database';
import { ensurePostgres } from './start/ensure-postgres';
import { ensureRedis } from './start/ensure-redis';
import { StartError, createLifecycle } from './start/lifecycle';

/**
 * `npm start`: everything in one process on one machine. Finds (or, on a machine with only Node, starts) PostgreSQL
 * and Redis, prepares the database, builds the client if needed, then runs the API and the workers.
 * `npm run start:api` / `npm run start:worker` run the two roles separately (DESIGN.md, "Running it").
 */
const ROOT = path.resolve(import.meta.dirname, '..');
/** Embedded PostgreSQL and private Redis keep their data here, across restarts. */
const DATA_DIR = path.join(ROOT, '.data');

const startedAt = performance.now();
const baseConfig = loadConfigOrExit();
const logger = createLogger(baseConfig.logLevel, 'freshcart');
const lifecycle = createLifecycle(logger);

try {
  await start(baseConfig);
} catch (error) {
  await lifecycle.fail(error);
}

async function start(base: Config): Promise<void> {
  const postgres = await ensurePostgres(base.databaseUrl, { explicit: isSet('DATABASE_URL'), dataDir: path.join(DATA_DIR, 'postgres') });
  if (postgres.stop) await lifecycle.add('the embedded PostgreSQL', postgres.stop);
  const redis = await ensureRedis(base.redisUrl, { explicit: isSet('REDIS_URL'), dataDir: path.join(DATA_DIR, 'redis') });
  if (redis.stop) await lifecycle.add('the private redis-server', redis.stop);
  const config: Config = Object.freeze({ ...base, databaseUrl: postgres.databaseUrl, redisUrl: redis.redisUrl });

  if (await ensureDatabaseExists(config.databaseUrl)) console.log(`Created database ${new URL(config.databaseUrl).pathname.slice(1)}.`);
  await applyMigrations(ROOT, config.databaseUrl);
  await prepareData(config);
  if (config.serveClient) await ensureClientBuild(ROOT, CLIENT_DIR);

  // Closed in reverse: the API stops taking requests first, then the workers finish, then the services go.
  await lifecycle.add('the workers', await startWorkers(config, logger));
  const api = await startApi(config, logger).catch((error: { code?: string }) => {
    throw error.code === 'EADDRINUSE' ? new StartError(`Port ${config.port} is already in use: stop what runs there, or set PORT.`) : error;
  });
  await lifecycle.add('the API', api.close);

  const password = isSet('SELLER_PASSWORD') ? '(the password in SELLER_PASSWORD)' : config.seller.password;
  console.log(
    [
      '',
      `FreshCart is running on ${api.url}`,
      `  Seller area: ${api.url}/seller  (log in as ${config.seller.email} / ${password})`,
      `  Ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
      '',
    ].join('\n'),
  );
}

/** The demo catalogue when the products table is empty, and the seller login from SELLER_EMAIL / SELLER_PASSWORD. */
async function prepareData(config: Config): Promise<void> {
  const db = createPrisma(config.databaseUrl, { max: 2 });
  try {
    const { created } = await seedDemoCatalog(db);
    if (created) console.log(`Seeded the demo catalogue: ${created} products.`);
    const seller = await ensureConfiguredSeller(db, config);
    if (seller.action !== 'unchanged') console.log(`Seller account ${config.seller.email} ${seller.action}.`);
  } finally {
    await db.$disconnect();
  }
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
