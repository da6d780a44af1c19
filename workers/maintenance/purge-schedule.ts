import type { Queue } from 'bullmq';
import type { Config } from '../../core/infra/config';
import type { Logger } from '../../core/infra/logger';
import type { Redis } from '../../core/infra/redis';
import type { DatabasePurge, RetentionService } from '../../core/modules/maintenance/retention-service';
import { startScheduledJob } from '../scheduled-job';

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

/** The purge every PURGE_EVERY_SECONDS (scheduled-job.ts). */
export function startPurgeSchedule(deps: { connection: Redis; prefix: string; retention: Config['retention']; purge: Purge; logger: Logger }): () => Promise<void> {
  const { logger } = deps;
  return startScheduledJob(deps, {
    queue: PURGE_QUEUE,
    schedulerId: PURGE_SCHEDULER_ID,
    jobName: 'purge',
    everyMs: deps.retention.purgeEveryMs,
    keep: 50,
    label: 'purge',
    run: async () => {
      const summary = await deps.purge.runOnce();
      logger.info(summary, 'purge run');
      return summary;
    },
  });
}
