import pg from 'pg';
import type { Logger } from './logger';
import { createOutageLog } from './outage-log';

/** The channel every outbox relay LISTENs on. */
export const OUTBOX_CHANNEL = 'outbox_event';

/**
 * The NOTIFY, in a transaction of its own whose commit does not wait for the disk: it only wakes the relays, and a
 * wake-up lost in a crash is made good by their poll. One simple-protocol query, so one round trip.
 */
const RING = `BEGIN; SET LOCAL synchronous_commit = off; NOTIFY ${OUTBOX_CHANNEL}; COMMIT`;

/**
 * How long a busy process waits before answering the rings that came while one was out. A busy relay waits as long
 * between its batches (workers/relay/outbox-relay.ts), so events are seldom later for it, and a write no longer costs
 * a NOTIFY transaction and a relay wake-up of its own.
 */
const BUSY_LINGER_MS = 10;

export type OutboxDoorbell = { ring(): void };

/** How failing rings are named in the log (outage-log.ts: once when they start failing, once when one goes through). */
export const RELAYS_WAKE_UP = "The outbox relays' wake-up (events move on their poll meanwhile)";

/**
 * Wakes the outbox relays after a commit that wrote outbox rows (`Sql.outboxWritten`, prisma.ts).
 *
 * Why after the commit and not with a NOTIFY inside the writing transaction: PostgreSQL lets one notifying transaction
 * commit at a time, under a server-wide lock held until its commit record is on disk. With a NOTIFY in every order
 * and status change, the store's writes committed one by one, each waiting for the disk flushes of all those before
 * it, and one slow flush held up every checkout behind it. Rung afterwards, the writes commit side by side and share
 * their flushes; only these small NOTIFY transactions take the lock, and none of them waits for the disk.
 *
 * A ring never delays its caller, and one process has one ring out at a time: rings that come meanwhile are answered
 * by one more, a moment after it. It goes out on a connection of its own, so it neither waits for nor takes one of the
 * connections the requests' queries share; that connection lets the process exit while idle, and closes after a
 * minute without rings. A ring that fails (the database is away) is dropped, and logged as an outage; the relays'
 * poll finds the rows.
 */
export function createOutboxDoorbell(databaseUrl: string, logger?: Pick<Logger, 'warn' | 'info' | 'debug'>): OutboxDoorbell {
  const outage = logger && createOutageLog(logger, RELAYS_WAKE_UP);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 60_000, allowExitOnIdle: true, application_name: 'outbox-doorbell' });
  // An idle connection that breaks (a restart, an operator ending it) is replaced at the next ring.
  pool.on('error', () => {});
  let out = false;
  let again = false;

  async function ringUntilQuiet(): Promise<void> {
    out = true;
    try {
      for (;;) {
        again = false;
        await pool.query(RING);
        outage?.recovered();
        if (!again) return;
        await new Promise((resolve) => setTimeout(resolve, BUSY_LINGER_MS));
      }
    } catch (error) {
      // Dropped, as said above; a connection that failed mid-query is discarded, and the next ring opens another.
      outage?.failed(error as Error);
    } finally {
      out = false;
    }
  }

  return {
    ring() {
      if (out) again = true;
      else void ringUntilQuiet();
    },
  };
}
