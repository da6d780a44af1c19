import pg from 'pg';
import type { Queue } from 'bullmq';
import type { QueueName } from '../../core/contracts/events';
import type { Logger } from '../../core/infra/logger';
import { createOutboxListener, type ListenerBackoff } from './outbox-listener';

type OutboxRow = { id: string; type: string; queue: QueueName; payload: unknown; created_at: Date };

const BATCH = 200;
/** How long a busy relay waits for more rows before its next batch (it adds at most this to an event's latency). */
const LINGER_MS = 10;
/**
 * How long a stop waits for the running pass. A pass takes milliseconds, or a few seconds while Redis fails over; one
 * still running after this is most likely stuck on a Redis that neither answers nor fails, and waiting for it would hold
 * up the whole shutdown. Cutting a pass short loses nothing: its rows stay unpublished and are relayed again.
 */
export const RELAY_STOP_DEADLINE_MS = 5_000;

/**
 * The claim's settings. The commit need not wait for the disk: if the database crashed before the mark was saved, the
 * rows would be relayed again under the same job ids, which BullMQ and the idempotent consumers absorb. The rows are
 * found by walking the index of unpublished rows in order (outbox_unpublished_idx), not through a bitmap of it: the
 * walk marks the entries of rows relayed since the last vacuum dead as it passes them, so the next claims skip them,
 * where a bitmap scan reads every such row again each time (prisma/migrations/*_outbox_unpublished_index).
 */
export const CLAIM_SETTINGS = 'SET LOCAL synchronous_commit = off; SET LOCAL enable_bitmapscan = off;';

/** The oldest unpublished rows; SKIP LOCKED lets several relays work side by side without taking each other's rows. */
export const NEXT_UNPUBLISHED = `SELECT id FROM outbox WHERE published_at IS NULL ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;

/**
 * Opens the transaction and claims the next rows in one simple-protocol query (no parameters). The mark is in UTC, as
 * every time is stored, whatever zone the database's sessions run in.
 */
const CLAIM_BATCH = `
  BEGIN;
  ${CLAIM_SETTINGS}
  UPDATE outbox SET published_at = now() AT TIME ZONE 'UTC' WHERE id IN (${NEXT_UNPUBLISHED})
  RETURNING id, type, queue, payload, created_at`;

/**
 * Moves committed outbox rows into their BullMQ queues (docs/architecture.md, invariant 3).
 *
 * It wakes on NOTIFY, which the writer sends once its transaction has committed (core/infra/outbox-doorbell.ts), and
 * also polls, so a missed notification or a Redis outage only delays events. Rows are claimed with FOR UPDATE SKIP
 * LOCKED, so several relays never publish the same row at once; the job id is the event id, so a crash between
 * enqueue and commit re-publishes a row as the same job, which BullMQ ignores.
 */
export function createOutboxRelay(opts: {
  databaseUrl: string;
  queues: Record<QueueName, Queue>;
  logger: Logger;
  pollMs: number;
  /** Tests shorten the LISTEN reconnect delays. */
  listenBackoff?: ListenerBackoff;
}) {
  const { queues, logger } = opts;
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'relay: database connection lost'));
  /** The pass now running, if any, and the connection its batch holds. */
  let pass: Promise<void> | undefined;
  let held: pg.PoolClient | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const stats = { published: 0 };
  const listener = createOutboxListener({
    databaseUrl: opts.databaseUrl,
    logger,
    onNotify: () => void wake(),
    onRecovered: () => void wake(),
    backoff: opts.listenBackoff,
  });

  /** One pass: publish batches until the outbox is empty or publishing fails. */
  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await publishBatch();
      total += published;
      if (published < BATCH) return total;
    }
  }

  /**
   * Claims, enqueues and marks one batch in two round trips: the transaction opens and claims in one query, and the
   * rows stay locked (and their `published_at` uncommitted) until the queues hold them; if enqueueing fails, the
   * rollback leaves them unpublished.
   */
  async function publishBatch(): Promise<number> {
    const client = await pool.connect();
    // The pool stops listening for a connection's errors while it is lent out, and an 'error' nobody hears ends the
    // process. PostgreSQL can end this one at any moment while the batch holds it (a restart, a failover,
    // pg_terminate_backend, an idle-in-transaction timeout), so its error is noted here: the batch fails, is logged, the
    // next pass retries on a fresh connection, and this one is closed instead of going back to the pool.
    let broken: Error | undefined;
    const broke = (error: Error) => void (broken ??= error);
    client.on('error', broke);
    held = client;
    try {
      // One result per statement of the claim; the UPDATE, last, returns the claimed rows.
      const claimed = ((await client.query(CLAIM_BATCH)) as unknown as pg.QueryResult[]).at(-1) as pg.QueryResult<OutboxRow>;
      const rows = claimed.rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      for (const [queue, group] of groupBy(rows, (r) => r.queue)) {
        await queues[queue].addBulk(
          group.map((row) => ({
            name: row.type,
            data: { eventId: row.id, type: row.type, occurredAt: row.created_at.toISOString(), version: 1, data: row.payload },
            opts: { jobId: row.id },
          })),
        );
      }
      await client.query('COMMIT');
      stats.published += rows.length;
      for (const row of rows) logger.info({ eventId: row.id, type: row.type, queue: row.queue }, 'event relayed');
      return rows.length;
    } catch (error) {
      // A connection that cannot even roll back is not fit for the next batch.
      await client.query('ROLLBACK').catch((rollbackError: Error) => void (broken ??= rollbackError));
      // What the server said is the best account of what happened. A statement sent after the connection broke only
      // says it was "not queryable", which says less than why it broke.
      throw error instanceof pg.DatabaseError ? error : (broken ?? error);
    } finally {
      held = undefined;
      client.off('error', broke);
      client.release(broken);
    }
  }

  /** Coalesces wake-ups: one drain at a time, and one more if something arrived meanwhile. */
  async function wake(): Promise<void> {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = passes().finally(() => (pass = undefined));
    await pass;
  }

  async function passes(): Promise<void> {
    try {
      do {
        again = false;
        const published = await drain();
        // Events keep coming: let the next batch gather a few rows for a moment, so a busy outbox costs one claim
        // per handful of events rather than one per event. A lone event is relayed at once.
        if (again && published > 0) await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
      } while (again && !stopped);
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'relay: publishing failed, will retry');
    }
  }

  return {
    async start(): Promise<void> {
      await listener.start();
      const poll = () => {
        timer = setTimeout(async () => {
          await wake();
          if (!stopped) poll();
        }, opts.pollMs);
      };
      poll();
      await wake();
    },
    /** Runs one drain now (used by tests and at start). */
    drainNow: wake,
    /** Whether the LISTEN connection is up (else events wait for the poll). */
    get listening(): boolean {
      return listener.listening;
    },
    /** How many rows this relay has published. */
    stats: stats as Readonly<typeof stats>,
    /** Stops relaying; waits for the running pass, but never longer than `deadlineMs`. */
    async stop(deadlineMs = RELAY_STOP_DEADLINE_MS): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      const finished = !pass || (await settlesWithin(pass, deadlineMs));
      await listener.stop();
      if (finished) return void (await pool.end());
      logger.warn({ deadlineMs }, 'relay: a pass did not finish in time; stopping without it');
      // Closing the pass's connection rolls its transaction back, so the rows it claimed are unlocked at once for the
      // other relays rather than when this process exits; they are relayed again under the same job ids, which BullMQ
      // ignores if this pass enqueued them after all. Neither the close nor the pool's end is waited for: over a dead
      // network the close may never be acknowledged, and the pool ends only once the stuck pass gives its connection back.
      void held?.end().catch(() => {});
      void pool.end().catch(() => {});
    },
  };
}
export type OutboxRelay = ReturnType<typeof createOutboxRelay>;

/** Whether `work` settles within `ms`. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
