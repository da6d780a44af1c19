import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';
import type { Logger } from './logger';
import { createOutboxDoorbell, type OutboxDoorbell } from './outbox-doorbell';

export { PrismaClient };
export type { Prisma } from './generated/prisma/client';
export type Db = PrismaClient;
/** A transaction client: what repository methods that take part in a transaction receive as their first argument. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * Runs `work` in one database transaction: committed when it resolves, rolled back when it throws. Services get one
 * in their deps and are the only code that begins transactions (docs/architecture.md, "Services and transactions").
 */
export type Transaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The application's transactions: a caller waits up to 10 s for a connection, and a transaction that runs past 15 s
 * is rolled back (Prisma's 2 s / 5 s defaults are too short for a checkout under load or a gateway-driven settlement).
 * One that wrote outbox rows wakes the relays once it has committed (`Sql.outboxWritten`).
 */
export function transactionsOf(db: Db): Transaction {
  const doorbell = doorbellOf(db);
  return async (work) => {
    let wroteOutbox = false;
    const result = await db.$transaction(
      async (tx) => {
        const value = await work(tx);
        wroteOutbox = outboxWriters.has(tx);
        return value;
      },
      { maxWait: 10_000, timeout: 15_000 },
    );
    if (wroteOutbox) doorbell.ring();
    return result;
  };
}

/**
 * Plain statements on the connection pool under a Prisma client, for the few hottest queries of the application
 * (placing an order). Prisma spends about 70 µs of client CPU on each raw query here, a quarter of the API's CPU per
 * order (bench/README.md); going straight to the pool its driver adapter uses skips that and nothing else: same
 * connections, same transaction semantics (each call is one statement), same prepared-statement naming.
 */
export type Sql = {
  /** Runs one statement as a named prepared statement and returns its rows (pg's DatabaseError on failure). */
  rows<R>(text: string, values: unknown[]): Promise<R[]>;
  /**
   * Says that the statement just run wrote outbox rows, so the relays are woken once they are committed: at once for a
   * statement on the pool (it committed by itself), after the commit for one inside a transaction (outbox-doorbell.ts
   * says why the statements themselves do not NOTIFY).
   */
  outboxWritten(): void;
};

const pools = new WeakMap<PrismaClient, pg.Pool>();
const doorbells = new WeakMap<PrismaClient, OutboxDoorbell>();
/** The transactions whose statements wrote outbox rows; `transactionsOf` rings for them after their commit. */
const outboxWriters = new WeakSet<Tx>();

/** `logger`: where the relays' doorbell logs failing rings (outbox-doorbell.ts); without one they go unlogged. */
export function createPrisma(databaseUrl: string, options: { max?: number; logger?: Logger } = {}): PrismaClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  // An idle connection that breaks (the server restarted or ended it) is dropped by the pool, which then emits 'error':
  // unheard, that would end the process. Prisma listens only once it has connected, and plain statements (`sqlOf`)
  // may come first. Queries that need a connection report an outage themselves (database-outage.ts in the API).
  pool.on('error', () => {});
  const adapter = new PrismaPg(pool, { statementNameGenerator: statementName, disposeExternalPool: true });
  const client = new PrismaClient({ adapter });
  pools.set(client, pool);
  doorbells.set(client, createOutboxDoorbell(databaseUrl, options.logger));
  return client;
}

/** The connections of a lane (see `Lane`) under a client made by `createPrisma` (undefined for any other client). */
export function poolOf(db: Db, lane: Lane = 'shared'): pg.Pool | undefined {
  const shared = pools.get(db);
  return shared && lane === 'board' ? boardLaneOf(db, shared) : shared;
}

/**
 * The plain-statement side of a client made by `createPrisma` (see `Sql`): each statement on a connection of its own
 * from the pool, taken as `onOneConnection` takes one, so a refused statement keeps its connection there too.
 */
export function sqlOf(db: Db): Sql {
  if (!pools.has(db)) throw new Error('sqlOf: this Prisma client was not made by createPrisma');
  const doorbell = doorbellOf(db);
  return {
    rows: <R>(text: string, values: unknown[]) => onOneConnection(db, (sql) => sql.rows<R>(text, values)),
    outboxWritten: () => doorbell.ring(),
  };
}

/**
 * Runs `work`'s plain statements on one pooled connection, each committing by itself as on the pool (no transaction):
 * a request that needs two statements in a row waits for a connection once, not once per statement. Under load that
 * wait, not the statements, is most of such a request's time (bench/README.md, "Where the live tail under orders
 * waits"). The connection is held only while `work` runs. A statement the server refused (a constraint, the stock
 * guard) leaves the connection fine for the next; any other failure (the connection broke, the server ended the
 * session) has it closed rather than handed out again (the pool's own `query` would close it on any error).
 */
export async function onOneConnection<T>(db: Db, work: (sql: Sql) => Promise<T>, lane: Lane = 'shared'): Promise<T> {
  const pool = poolOf(db, lane);
  if (!pool) throw new Error('onOneConnection: this Prisma client was not made by createPrisma');
  const doorbell = doorbellOf(db);
  const client = await pool.connect();
  let failed: Error | undefined;
  // A held connection that breaks between statements (the server restarted or ended it) says so with an 'error'
  // event: unheard, that would end the process. It is closed on release instead, and a statement after it fails with
  // that error (which says the database is out of reach), not with the driver's "not queryable".
  let broken: Error | undefined;
  const broke = (error: Error) => void (broken ??= error);
  client.on('error', broke);
  try {
    return await work({
      async rows<R>(text: string, values: unknown[]): Promise<R[]> {
        try {
          const result = await client.query({ name: statementName({ sql: text }), text, values });
          return result.rows as R[];
        } catch (error) {
          if (broken) throw broken;
          if (!endsNothing(error)) failed = error as Error;
          throw error;
        }
      },
      outboxWritten: () => doorbell.ring(),
    });
  } finally {
    client.off('error', broke);
    client.release(broken ?? failed);
  }
}

/**
 * Where a request's connection comes from: the pool every query shares, or the store's board lane, connections kept for
 * the seller's board moves alone. Under a rush of checkouts every pooled connection is busy and several requests wait
 * for one; a store moving an order along would wait behind them, and the shopper's live page with it. On its own lane
 * a move waits only for other moves (bench/README.md, "What the order path costs, and what made it cheaper").
 */
export type Lane = 'shared' | 'board';

/** Two, so that a store moving several orders at once does not queue them on one connection. */
const BOARD_LANE_CONNECTIONS = 2;
const boardLanes = new WeakMap<PrismaClient, pg.Pool>();

/**
 * Made when first asked for, at the first move, so processes that never move an order (the workers) never open it.
 * Like the doorbell's, its connections close after a minute idle and never hold an idle process open, so it needs no
 * closing of its own.
 */
function boardLaneOf(db: Db, shared: pg.Pool): pg.Pool {
  let lane = boardLanes.get(db);
  if (!lane) {
    lane = new pg.Pool({
      connectionString: shared.options.connectionString,
      max: BOARD_LANE_CONNECTIONS,
      idleTimeoutMillis: 60_000,
      allowExitOnIdle: true,
      application_name: 'board-lane',
    });
    // An idle connection that breaks (a restart, an operator ending it) is dropped and replaced at the next move.
    lane.on('error', () => {});
    boardLanes.set(db, lane);
  }
  return lane;
}

/** An ERROR the server sent for one statement leaves the session usable; a FATAL one, or any other failure, ends it. */
function endsNothing(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}

function doorbellOf(db: Db): OutboxDoorbell {
  const doorbell = doorbells.get(db);
  if (!doorbell) throw new Error('this Prisma client was not made by createPrisma');
  return doorbell;
}

/**
 * The same plain-statement shape inside one of Prisma's transactions: the statement runs on the transaction's connection.
 * Lets a hand-written statement serve both a transaction and a single-statement change (order-statements.ts).
 */
export function sqlIn(tx: Tx): Sql {
  return {
    rows: <R>(text: string, values: unknown[]) => tx.$queryRawUnsafe<R[]>(text, ...values),
    outboxWritten: () => void outboxWriters.add(tx),
  };
}

/**
 * Positional parameters for a statement written by hand: `p(value)` keeps the value and returns its placeholder, so
 * fragments written apart (an outbox row inside an order's change) number their parameters in one sequence.
 */
export function sqlParams(): { values: unknown[]; p: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, p: (value) => `$${values.push(value)}` };
}

/**
 * Named prepared statements: each connection has PostgreSQL parse and plan a distinct SQL text once instead of on
 * every query, and later runs send only the parameters (an order read costs the API about 40% less CPU). The
 * name is a hash of the text, so one name never stands for two statements. The application's SQL texts are a
 * bounded set (list lengths are capped by the request schemas), so the memo stays small.
 */
const names = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 5_000;

function statementName(query: { sql: string }): string {
  let name = names.get(query.sql);
  if (!name) {
    name = `q_${createHash('sha1').update(query.sql).digest('hex')}`;
    if (names.size < MAX_REMEMBERED_NAMES) names.set(query.sql, name);
  }
  return name;
}
