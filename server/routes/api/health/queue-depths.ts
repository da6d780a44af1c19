import { Queue } from 'bullmq';
import { QueueName } from '../../../../core/contracts/events';
import type { Redis } from '../../../../core/infra/redis';

export type QueueDepths = Record<QueueName, { waiting: number; active: number; delayed: number; failed: number }>;

/** Job counts of every event queue, read through BullMQ; its queue handles are made on first use and kept. */
export function createQueueDepths(redis: Redis, prefix: string) {
  let queues: Queue[] | undefined;

  return {
    async read(): Promise<QueueDepths> {
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
