import { inBatches } from '../../infra/batches';
import type { OutboxRepository } from './outbox-repository';

/**
 * What an operator needs to see that events leave the database: whether it answers, the outbox backlog and how old
 * its oldest row is. Queue depths are the edges' business (they speak BullMQ): server/routes/api/health.
 */
export function createOutboxMonitor(deps: { repo: OutboxRepository }) {
  const { repo } = deps;
  return {
    databaseAnswers(): Promise<void> {
      return repo.ping();
    },

    /**
     * Whether some relay is LISTENing for new events (live updates in milliseconds); with none, events still move
     * on the relays' poll, about a second late.
     */
    async relay(): Promise<{ listening: boolean; listeners: number }> {
      const listeners = await repo.listeners();
      return { listening: listeners > 0, listeners };
    },

    /** Published rows have done their job; kept a while for inspection, then deleted in batches. */
    purgePublished(before: Date, batch = 5000): Promise<number> {
      return inBatches(batch, () => repo.purgePublished(before, batch));
    },

    async backlog(): Promise<{ backlog: number; oldestAgeMs: number | null }> {
      const { backlog, oldest } = await repo.backlog();
      return { backlog, oldestAgeMs: oldest ? Date.now() - oldest.getTime() : null };
    },
  };
}
export type OutboxMonitor = ReturnType<typeof createOutboxMonitor>;
