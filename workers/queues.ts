import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from '../core/infra/redis';
import { QueueName } from '../core/contracts/events';

/**
 * At-least-once with retries: transient failures back off exponentially; permanent ones (UnrecoverableError)
 * go straight to the failed set, which is kept for inspection until the purge (workers/maintenance) removes jobs
 * older than RETENTION_FAILED_JOBS_DAYS. A completed job is kept until it is an hour old or 10,000 newer ones have
 * completed in its queue, whichever comes first: at 1,000 events a second that is about ten seconds. BullMQ ignores a
 * re-added job id only while that job is kept, which covers the one case of re-adding: the relay crashing between
 * enqueueing a batch and committing its marks, then relaying the same rows again within seconds. Consumers are
 * idempotent for anything later.
 */
export const JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 250 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: false,
};

export function createQueues(connection: Redis, prefix: string, onError: (err: Error) => void = () => {}): Record<QueueName, Queue> {
  const make = (name: QueueName) => new Queue(name, { connection, prefix, defaultJobOptions: JOB_OPTIONS }).on('error', onError);
  return { orders: make(QueueName.Orders), payments: make(QueueName.Payments), stock: make(QueueName.Stock) };
}
