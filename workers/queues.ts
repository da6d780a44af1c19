import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from '../core/infra/redis';
import { QueueName } from '../core/contracts/events';

/**
 * At-least-once with retries: transient failures back off exponentially; permanent ones (UnrecoverableError)
 * go straight to the failed set, which is kept for inspection. Completed jobs are kept an hour so a re-added job
 * id within that window is recognised as a duplicate.
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
