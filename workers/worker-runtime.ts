import { Worker } from 'bullmq';
import { QueueName } from '../core/contracts/events';
import type { Config } from '../core/infra/config';
import type { Logger } from '../core/infra/logger';
import { createOutageLog } from '../core/infra/outage-log';
import { createPrisma } from '../core/infra/prisma';
import { createRedis, queuePrefix } from '../core/infra/redis';
import { createLivePublisher } from '../core/modules/live/live-channel';
import type { PaymentGateway } from '../core/modules/payments/payment-gateway';
import { createServices } from '../core/services';
import { orderHandlers } from './processors/orders-processor';
import { paymentHandlers } from './processors/payments-processor';
import { dispatch, type Handlers, type ProcessorDeps } from './processors/processor-types';
import { stockHandlers } from './processors/stock-processor';
import { closeWorker } from './close-worker';
import { createQueues, JOB_OPTIONS } from './queues';
import { createPurge, startPurgeSchedule } from './maintenance/purge-schedule';
import { createOutboxRelay } from './relay/outbox-relay';
import { startReconcileSchedule } from './reconciler/reconcile-schedule';

export type WorkerOptions = {
  /** Tests shorten BullMQ's stall detection so a killed worker's job is retried quickly. */
  stalledIntervalMs?: number;
  lockDurationMs?: number;
  /** Tests: a gateway aimed at a local fake Razorpay API instead of the one config would build. */
  paymentGateway?: PaymentGateway;
};

/**
 * The worker role: the outbox relay plus one BullMQ worker per queue. Any number of these may run; the relay's row
 * locks and the job ids keep events single. Returns a function that closes everything cleanly.
 */
export async function startWorkers(config: Config, logger: Logger, options: WorkerOptions = {}): Promise<() => Promise<void>> {
  const db = createPrisma(config.databaseUrl, { max: 5, logger });
  // Workers wait for Redis (maxRetriesPerRequest: null); the relay's producer fails fast so a Redis outage only
  // leaves rows in the outbox instead of holding their locks.
  const workerConnection = createRedis(config, 'worker');
  const producerConnection = createRedis(config, 'producer');
  const publisherConnection = createRedis(config, 'worker');
  // One outage log for the three: they lose and regain the same Redis together.
  const redisOutage = createOutageLog(logger, 'Redis');
  for (const [name, c] of Object.entries({ workerConnection, producerConnection, publisherConnection })) {
    c.on('error', (err) => redisOutage.failed(err, name));
    c.on('ready', () => redisOutage.recovered(name));
  }

  const deps: ProcessorDeps = {
    config,
    live: createLivePublisher(publisherConnection, config.redisPrefix),
    // The producer connection fails fast: a simulated-gateway call during a Redis outage errors and the job retries.
    services: createServices({ config, db, redis: producerConnection, paymentGateway: options.paymentGateway, logger }),
    logger,
  };
  const handlersByQueue: Record<QueueName, Handlers> = {
    orders: orderHandlers(deps),
    payments: paymentHandlers(deps),
    stock: stockHandlers(deps),
  };

  const workers = Object.values(QueueName).map((name) => {
    const worker = new Worker(name, dispatch(handlersByQueue[name], logger), {
      connection: workerConnection,
      prefix: queuePrefix(config),
      concurrency: 8,
      // A job whose worker died (or was stopped past its deadline) stalls and is run again. BullMQ fails it for good
      // at its second stall unless told otherwise, after the relay has marked its event published: as many stalls as
      // attempts, since every consumer is idempotent.
      maxStalledCount: JOB_OPTIONS.attempts,
      ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
      ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
    });
    // Without an error listener a Redis hiccup would crash the process (BullMQ docs).
    worker.on('error', (err) => logger.warn({ queue: name, err: err.message }, 'worker error'));
    return worker;
  });

  const queues = createQueues(producerConnection, queuePrefix(config), (err) => logger.debug({ err: err.message }, 'queue: redis unavailable'));
  const relay = createOutboxRelay({ databaseUrl: config.databaseUrl, queues, logger, pollMs: config.outboxPollMs });
  await relay.start();

  // The payment reconciler: a scheduled job on its own queue (workers/reconciler).
  const stopReconciler = startReconcileSchedule({
    connection: workerConnection,
    prefix: queuePrefix(config),
    everySeconds: config.payments.reconcileEverySeconds,
    reconciler: deps.services.paymentReconciler,
    logger,
  });

  // Housekeeping: deletes what retention no longer keeps (workers/maintenance).
  const stopPurge = startPurgeSchedule({
    connection: workerConnection,
    prefix: queuePrefix(config),
    retention: config.retention,
    purge: createPurge({ retention: deps.services.retention, queues: Object.values(queues), failedJobsMs: config.retention.failedJobsMs }),
    logger,
  });

  return async function stopWorkers() {
    await relay.stop();
    await stopReconciler();
    await stopPurge();
    await Promise.all(workers.map((w) => closeWorker(w, logger, w.name)));
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await db.$disconnect();
    for (const c of [workerConnection, producerConnection, publisherConnection]) c.disconnect();
  };
}
