import type { Db } from '../../infra/prisma';
import { OUTBOX_LISTENER_NAME } from './outbox-writer';

/** Reads over the outbox table for operators; writing happens in outbox-writer.ts, inside the caller's transaction. */
export function createOutboxRepository(db: Db) {
  return {
    async backlog(): Promise<{ backlog: number; oldest: Date | null }> {
      const [row] = await db.$queryRaw<{ backlog: bigint; oldest: Date | null }[]>`
        SELECT count(*) AS backlog, min(created_at) AS oldest FROM outbox WHERE published_at IS NULL`;
      return { backlog: Number(row?.backlog ?? 0), oldest: row?.oldest ?? null };
    },

    /** How many relay LISTEN connections this database has open right now (outbox-writer.ts names them). */
    async listeners(): Promise<number> {
      const [row] = await db.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${OUTBOX_LISTENER_NAME}`;
      return Number(row?.n ?? 0);
    },

    /** Deletes up to `limit` rows relayed before `before`; answers how many. */
    purgePublished(before: Date, limit: number): Promise<number> {
      return db.$executeRaw`
        DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE published_at < ${before} LIMIT ${limit})`;
    },

    /** One trivial statement: whether PostgreSQL answers at all. */
    async ping(): Promise<void> {
      await db.$queryRaw`SELECT 1`;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
