import { Queue, Worker } from 'bullmq';
import type { Logger } from '../core/infra/logger';
import type { Redis } from '../core/infra/redis';
import { closeWorker } from './close-worker';

export type ScheduledJob = {
  /** Its own small queue: a scheduled run is housekeeping, not an event. */
  queue: string;
  schedulerId: string;
  jobName: string;
  everyMs: number;
  /** How many finished runs BullMQ keeps, for inspection. */
  keep: number;
  /** What the logs call it. */
  label: string;
  run: () => Promise<unknown>;
};

/**
 * Runs `job.run` every `everyMs` through a BullMQ job scheduler. Upserting the scheduler is idempotent, so every
 * worker process may do it; BullMQ makes one job per interval, which one worker takes. Registration does not block
 * start-up: on a Redis outage it waits (worker connection) while the rest of the worker role runs. Returns the stop.
 */
export function startScheduledJob(deps: { connection: Redis; prefix: string; logger: Logger }, job: ScheduledJob): () => Promise<void> {
  const { connection, prefix, logger } = deps;
  const queue = new Queue(job.queue, { connection, prefix });
  queue.on('error', (err) => logger.debug({ err: err.message }, `${job.label} queue: redis unavailable`));
  const scheduled = queue
    .upsertJobScheduler(job.schedulerId, { every: job.everyMs }, { name: job.jobName, opts: { removeOnComplete: job.keep, removeOnFail: job.keep } })
    .catch((err: Error) => logger.warn({ err: err.message }, `${job.label}: could not schedule`));

  const worker = new Worker(job.queue, () => job.run(), { connection, prefix, concurrency: 1 });
  worker.on('error', (err) => logger.warn({ err: err.message }, `${job.label} worker error`));

  return async () => {
    await closeWorker(worker, logger, job.label);
    await Promise.race([scheduled, new Promise((r) => setTimeout(r, 1000))]);
    await queue.close();
  };
}
