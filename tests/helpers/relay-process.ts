/**
 * An outbox relay in a process of its own, so a test can see whether something would end a worker process (an
 * unhandled 'error' does), not only whether the relay's calls succeed. Run as a child process with an IPC channel:
 * tsx tests/helpers/relay-process.ts <databaseUrl> <redisUrl> <prefix>.
 *
 * It polls only once a minute, so events move when a NOTIFY wakes it, when its LISTEN connection comes back, or when
 * the test sends `{ drain: true }` (answered with `{ drained: { published, listening } }` once that pass is over).
 * Every log line goes to the parent as `{ log: line }`.
 */
import { loadConfig } from '../../core/infra/config';
import { createLogger } from '../../core/infra/logger';
import { createRedis } from '../../core/infra/redis';
import { createQueues } from '../../workers/queues';
import { createOutboxRelay } from '../../workers/relay/outbox-relay';

const [databaseUrl, redisUrl, prefix] = process.argv.slice(2) as [string, string, string];
const config = loadConfig({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
const logger = createLogger('info', 'relay', { write: (line: string) => void process.send?.({ log: line }) });
const connection = createRedis(config, 'producer');
connection.on('error', () => {});
const relay = createOutboxRelay({
  databaseUrl,
  queues: createQueues(connection, prefix),
  logger,
  pollMs: 60_000,
  listenBackoff: { initialMs: 50, maxMs: 400 },
});

process.on('message', (message: { drain?: boolean }) => {
  if (!message.drain) return;
  void relay.drainNow().then(() => process.send?.({ drained: { published: relay.stats.published, listening: relay.listening } }));
});

await relay.start();
process.send?.({ ready: true });
