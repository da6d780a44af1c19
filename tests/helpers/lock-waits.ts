import { expect } from 'vitest';
import type { Db } from '../../core/infra/prisma';

/**
 * Waits until exactly one statement whose text contains `statement` is waiting for a lock: a transaction the test holds
 * open has stopped it mid-way. Polled on the pool, not on the holding connection: inside its open transaction the
 * activity view would not change.
 */
export async function waitUntilWaitingForLock(db: Db, statement: string): Promise<void> {
  await expect
    .poll(async () => {
      const rows = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${`%${statement}%`}`;
      return rows[0]!.n;
    }, { timeout: 5_000 })
    .toBe(1);
}
