import path from 'node:path';
import { ConfigError, isSet, loadConfig, paymentsLine, type Config } from '../core/infra/config';
import { createLogger } from '../core/infra/logger';
import { PROJECT_ROOT } from '../core/infra/paths';
import { isCluster } from '../core/infra/redis';
import { applyMigrations, ensureDatabaseExists } from './start/ensure-database';
import { ensurePostgres } from './start/ensure-postgres';
import { ensureRedis } from './start/ensure-redis';
import { createLifecycle } from './start/lifecycle';

/**
 * `npm start`: everything in one process on one machine. Finds PostgreSQL and Redis, or on
 * a machine with only Node starts private ones with their data under .data/; creates and migrates the database; then
 * seeds, builds the client if needed and runs the API and the workers (start/run-app.ts). Ctrl-C stops it all.
 * `npm run start:api` / `npm run start:worker` run the two roles as separate processes.
 */
const ROOT = PROJECT_ROOT;

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
  const dataDir = path.resolve(ROOT, base.dataDir);
  const always = base.embeddedServices === 'always';
  const postgres = await ensurePostgres(base.databaseUrl, { explicit: isSet('DATABASE_URL'), always, dataDir: path.join(dataDir, 'postgres') });
  if (postgres.stop) await lifecycle.add('the embedded PostgreSQL', postgres.stop, 'service');
  // A Redis Cluster is the operator's to run: no private redis-server stands in for it.
  const redis = isCluster(base)
    ? { redisUrl: base.redisUrl, stop: undefined }
    : await ensureRedis(base.redisUrl, { explicit: isSet('REDIS_URL'), always, dataDir: path.join(dataDir, 'redis') });
  if (redis.stop) await lifecycle.add('the private redis-server', redis.stop, 'service');
  const config: Config = Object.freeze({ ...base, databaseUrl: postgres.databaseUrl, redisUrl: redis.redisUrl });

  if (await ensureDatabaseExists(config.databaseUrl)) console.log(`Created database ${new URL(config.databaseUrl).pathname.slice(1)}.`);
  await applyMigrations(ROOT, config.databaseUrl);

  const { runApp } = await import('./start/run-app');
  const url = await runApp(config, { root: ROOT, logger, lifecycle });

  const password = isSet('SELLER_PASSWORD') ? '(the password in SELLER_PASSWORD)' : config.seller.password;
  console.log(
    [
      '',
      `FreshCart is running on ${url}`,
      `  Seller area: ${url}/seller  (log in as ${config.seller.email} / ${password})`,
      `  ${paymentsLine(config)}`,
      `  Ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
      '',
    ].join('\n'),
  );
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
