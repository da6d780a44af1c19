import type { Worker } from 'bullmq';
import type { Logger } from '../core/infra/logger';

/** How long a stop waits for a BullMQ worker's running jobs before moving on. */
export const WORKER_CLOSE_DEADLINE_MS = 10_000;

/**
 * Closes a BullMQ worker, letting its running jobs finish, but never waits past a deadline: the close waits for the
 * worker's blocking connection to end, and an ioredis Cluster client that lost its node in a failover may never say
 * so. A job still running then is not lost: its lock lapses and another worker's stalled check runs it again (as
 * many times as the job has attempts: worker-runtime.ts).
 */
export async function closeWorker(worker: Worker, logger: Logger, what: string, deadlineMs = WORKER_CLOSE_DEADLINE_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([worker.close().then(() => 'closed' as const), late]);
    if (outcome === 'late') logger.warn({ worker: what, deadlineMs }, 'worker did not close in time; stopping without it');
  } finally {
    clearTimeout(timer);
  }
}
