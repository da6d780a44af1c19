import type { Db } from '../../infra/prisma';

/** Reads over the outbox table for operators; writing happens in outbox-writer.ts, inside the caller's transaction. */
export function createOutboxRepository(db: Db) {
  return {
    async backlog(): Promise<{ backlog: number; oldest: Date | null }> {
      const [row] = await db.$queryRaw<{ backlog: bigint; oldest: Date | null }[]>`
        SELECT count(*) AS backlog, min(created_at) AS oldest FROM outbox WHERE published_at IS NULL`;
      return { backlog: Number(row?.backlog ?? 0), oldest: row?.oldest ?? null };
    },

    /** One trivial statement: whether PostgreSQL answers at all. */
    async ping(): Promise<void> {
      await db.$queryRaw`SELECT 1`;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
