import { Queue, Worker } from 'bullmq';
import type { Logger } from '../../core/infra/logger';
import type { Redis } from '../../core/infra/redis';
import type { PaymentReconciler } from '../../core/modules/payments/payment-reconciler';

/** Its own small queue: the payments queue carries event envelopes, and a reconcile run is not an event. */
export const RECONCILE_QUEUE = 'payments-reconcile';
export const RECONCILE_SCHEDULER_ID = 'reconcile-pending-payments';

/**
 * A BullMQ job scheduler runs the reconciler every `everySeconds`. Upserting the scheduler is idempotent, so every
 * worker process may do it; BullMQ makes one job per interval, which one worker takes. Registration does not block
 * start-up: on a Redis outage it waits (worker connection) while the rest of the worker role runs.
 */
export function startReconcileSchedule(deps: {
  connection: Redis;
  prefix: string;
  everySeconds: number;
  reconciler: PaymentReconciler;
  logger: Logger;
}): () => Promise<void> {
  const { connection, prefix, logger } = deps;
  const queue = new Queue(RECONCILE_QUEUE, { connection, prefix });
  queue.on('error', (err) => logger.debug({ err: err.message }, 'reconcile queue: redis unavailable'));
  const scheduled = queue
    .upsertJobScheduler(RECONCILE_SCHEDULER_ID, { every: deps.everySeconds * 1000 }, { name: 'reconcile', opts: { removeOnComplete: 100, removeOnFail: 100 } })
    .catch((err: Error) => logger.warn({ err: err.message }, 'reconciler: could not schedule'));

  const worker = new Worker(
    RECONCILE_QUEUE,
    async () => {
      const summary = await deps.reconciler.runOnce();
      if (summary.checked > 0) logger.info(summary, 'reconciler run');
      return summary;
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'reconcile worker error'));

  return async () => {
    await worker.close();
    await Promise.race([scheduled, new Promise((r) => setTimeout(r, 1000))]);
    await queue.close();
  };
}
