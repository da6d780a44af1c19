/**
 * A worker that does a job's real work and then hangs before acknowledging it, so a test can kill it "in the
 * middle" of the job. Run as a child process: tsx tests/helpers/hanging-worker.ts <databaseUrl> <redisUrl> <prefix>.
 */
import { Worker } from 'bullmq';
import { loadConfig } from '../../core/infra/config';
import { createLogger } from '../../core/infra/logger';
import { createPrisma } from '../../core/infra/prisma';
import { createRedis } from '../../core/infra/redis';
import { createLivePublisher } from '../../core/modules/live/live-channel';
import { createServices } from '../../core/services';
import { orderHandlers } from '../../workers/processors/orders-processor';
import { dispatch } from '../../workers/processors/processor-types';
import { TEST_PASSWORD_COST } from './services-env';

const [databaseUrl, redisUrl, prefix] = process.argv.slice(2) as [string, string, string];
const config = loadConfig({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, ...TEST_PASSWORD_COST });
const logger = createLogger('silent', 'hanging-worker');
const db = createPrisma(databaseUrl, { max: 2 });
const connection = createRedis(config, 'worker');
const live = createLivePublisher(createRedis(config, 'worker'), prefix);
const process_ = dispatch(orderHandlers({ config, live, services: createServices({ config, db }), logger }), logger);

new Worker(
  'orders',
  async (job) => {
    await process_(job);
    process.send?.({ effectDone: job.id });
    await new Promise(() => {}); // never acknowledges
  },
  // All workers of a queue share one stalled-check throttle key, so this one must use the test's short interval too.
  { connection, prefix, lockDuration: 1000, stalledInterval: 300 },
).on('error', () => {});
process.send?.({ ready: true });
