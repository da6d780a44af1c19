import { Queue, Worker } from 'bullmq';
import type { Config } from '../../core/infra/config';
import type { Logger } from '../../core/infra/logger';
import type { Redis } from '../../core/infra/redis';
import type { DatabasePurge, RetentionService } from '../../core/modules/maintenance/retention-service';

/** Its own small queue, like the reconciler's: a purge run is housekeeping, not an event. */
export const PURGE_QUEUE = 'maintenance';
export const PURGE_SCHEDULER_ID = 'purge-expired-records';

export type PurgeSummary = DatabasePurge & { failedJobs: number };

/**
 * One purge run: the database's expired records (retention-service.ts), then the failed jobs older than their
 * retention in every event queue. Failed jobs are kept (removeOnFail: false in queues.ts) so an operator can see
 * and retry them; this is what bounds them.
 */
export function createPurge(deps: { retention: RetentionService; queues: Queue[]; failedJobsMs: number }) {
  return {
    async runOnce(now = Date.now()): Promise<PurgeSummary> {
      const database = await deps.retention.purgeDatabase(now);
      let failedJobs = 0;
      // clean() counts back from the real clock; `now` lets a test purge as if later.
      const grace = Math.max(0, deps.failedJobsMs - (now - Date.now()));
      for (const queue of deps.queues) {
        // clean() removes at most `limit` per call: repeat until a call removes fewer.
        for (;;) {
          const removed = await queue.clean(grace, 1000, 'failed');
          failedJobs += removed.length;
          if (removed.length < 1000) break;
        }
      }
      return { ...database, failedJobs };
    },
  };
}
export type Purge = ReturnType<typeof createPurge>;

/**
 * A BullMQ job scheduler runs the purge every PURGE_EVERY_SECONDS. Upserting it is idempotent, so every worker
 * process may; BullMQ makes one job per interval, which one worker takes. Registration does not block start-up.
 */
export function startPurgeSchedule(deps: { connection: Redis; prefix: string; retention: Config['retention']; purge: Purge; logger: Logger }): () => Promise<void> {
  const { connection, prefix, logger } = deps;
  const queue = new Queue(PURGE_QUEUE, { connection, prefix });
  queue.on('error', (err) => logger.debug({ err: err.message }, 'maintenance queue: redis unavailable'));
  const scheduled = queue
    .upsertJobScheduler(PURGE_SCHEDULER_ID, { every: deps.retention.purgeEveryMs }, { name: 'purge', opts: { removeOnComplete: 50, removeOnFail: 50 } })
    .catch((err: Error) => logger.warn({ err: err.message }, 'purge: could not schedule'));

  const worker = new Worker(
    PURGE_QUEUE,
    async () => {
      const summary = await deps.purge.runOnce();
      logger.info(summary, 'purge run');
      return summary;
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'purge worker error'));

  return async () => {
    await worker.close();
    await Promise.race([scheduled, new Promise((r) => setTimeout(r, 1000))]);
    await queue.close();
  };
}
