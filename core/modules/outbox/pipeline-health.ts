import { Queue } from 'bullmq';
import { QueueName } from '../../contracts/events';
import type { Db } from '../../infra/prisma';
import type { Redis } from '../../infra/redis';

export type QueueDepths = Record<QueueName, { waiting: number; active: number; delayed: number; failed: number }>;

/** What an operator needs to see that events flow: outbox backlog and its oldest row's age, and queue depths. */
export function createPipelineHealth(db: Db, redis: Redis, prefix: string) {
  let queues: Queue[] | undefined;

  return {
    async outbox(): Promise<{ backlog: number; oldestAgeMs: number | null }> {
      const [row] = await db.$queryRaw<{ backlog: bigint; oldest: Date | null }[]>`
        SELECT count(*) AS backlog, min(created_at) AS oldest FROM outbox WHERE published_at IS NULL`;
      return { backlog: Number(row?.backlog ?? 0), oldestAgeMs: row?.oldest ? Date.now() - row.oldest.getTime() : null };
    },

    async queues(): Promise<QueueDepths> {
      queues ??= Object.values(QueueName).map((name) => new Queue(name, { connection: redis, prefix }));
      const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'failed')));
      return Object.fromEntries(
        queues.map((q, i) => {
          const c = counts[i]!;
          return [q.name, { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 }];
        }),
      ) as QueueDepths;
    },

    async close(): Promise<void> {
      await Promise.all((queues ?? []).map((q) => q.close()));
    },
  };
}
