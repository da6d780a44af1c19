import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRedis } from '../../../core/infra/redis';
import { appendEvent, OUTBOX_LISTENER_NAME } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { waitUntilWaitingForLock } from '../../helpers/lock-waits';
import { sleep } from '../../helpers/live-helpers';
import { startTcpGate, type TcpGate } from '../../helpers/tcp-gate';

const root = path.resolve(import.meta.dirname, '../../..');

/** The text of the relay's claim, as pg_stat_activity shows it while the claim runs or its transaction is open. */
const CLAIM = 'UPDATE outbox SET published_at';

type Drained = { published: number; listening: boolean };

/** tests/helpers/relay-process.ts running as a child process, its Redis reached through `redisUrl`. */
async function startRelayProcess(databaseUrl: string, redisUrl: string, prefix: string) {
  const child: ChildProcess = fork(path.join(root, 'tests/helpers/relay-process.ts'), [databaseUrl, redisUrl, prefix], {
    execArgv: ['--import', 'tsx'],
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const logs: { msg: string; err?: string }[] = [];
  const drains: ((d: Drained) => void)[] = [];
  child.on('message', (m: { log?: string; drained?: Drained }) => {
    if (m.log) logs.push(JSON.parse(m.log));
    if (m.drained) drains.shift()?.(m.drained);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`the relay process ended (code ${code}, signal ${signal}):\n${stderr}`))),
  );
  exited.catch(() => {});
  /** Rejects as soon as the process ends, so a crash fails the test at once and says why. */
  const unlessExited = <T>(work: Promise<T>) => Promise.race([exited, work]);
  await unlessExited(new Promise((resolve) => child.once('message', resolve)));
  return {
    logs,
    alive: () => child.exitCode === null && child.signalCode === null,
    unlessExited,
    /**
     * Asks for a pass, answered when the relay's `drainNow` returns: at once if a pass is already running (the relay
     * then runs one more after it), so the tests wait for what a pass does rather than for this answer.
     */
    drain(): Promise<Drained> {
      const done = new Promise<Drained>((resolve) => drains.push(resolve));
      // A process that has ended has no channel left to send on; `exited` then says why it ended.
      if (child.connected) child.send({ drain: true }, () => {});
      return unlessExited(done);
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

describe('outbox relay when PostgreSQL ends the connection it holds', () => {
  let ctx: TestContext;
  let gate: TcpGate;
  let relay: Awaited<ReturnType<typeof startRelayProcess>>;
  let stock: Queue;

  beforeAll(async () => {
    ctx = await buildTestContext();
    const redis = new URL(ctx.config.redisUrl);
    gate = await startTcpGate({ host: redis.hostname, port: Number(redis.port || 6379) });
    stock = new Queue('stock', { connection: ctx.redis, prefix: ctx.prefix });
  });
  // A relay process of its own for each test, so that each shows by itself whether the process lives on.
  beforeEach(async () => {
    relay = await startRelayProcess(ctx.config.databaseUrl, `redis://${gate.host}:${gate.port}`, ctx.prefix);
  });
  afterEach(async () => {
    await relay?.stop();
    gate.open();
    // The next test counts the relay backends it ends: the ended process's must be gone first.
    await expect
      .poll(async () => (await ctx.db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${OUTBOX_LISTENER_NAME}`)[0]!.n)
      .toBe(0);
  });
  afterAll(async () => {
    await stock?.obliterate({ force: true });
    await stock?.close();
    await gate?.close();
    await ctx.close();
  });

  /** Ends the relay's backends as an operator or a failover would: its LISTEN connection and the one in its claim. */
  async function terminateRelayBackends(): Promise<{ listen: number; claim: number }> {
    const rows = await ctx.db.$queryRaw<{ listen: boolean }[]>`
      SELECT application_name = ${OUTBOX_LISTENER_NAME} AS listen, pg_terminate_backend(pid)
        FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND (application_name = ${OUTBOX_LISTENER_NAME} OR (state <> 'idle' AND query LIKE ${`%${CLAIM}%`}))`;
    return { listen: rows.filter((r) => r.listen).length, claim: rows.filter((r) => !r.listen).length };
  }

  /**
   * Whether a relay's claim has been waiting in its open transaction for a while: its rows are locked and its batch is
   * on its way to Redis. A claim of no rows is in that state too, for the instant before its COMMIT; the while rules it
   * out.
   */
  async function claimHeld(): Promise<number> {
    const [row] = await ctx.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE ${`%${CLAIM}%`}
         AND now() - state_change > interval '200 milliseconds'`;
    return row!.n;
  }

  /** The errors of the relay's failed passes logged since the `mark`-th line. */
  const failuresSince = (mark: number) => relay.logs.slice(mark).filter((l) => l.msg === 'relay: publishing failed, will retry').map((l) => l.err);
  const unpublished = async (id: string) => (await ctx.db.outboxEvent.findUniqueOrThrow({ where: { id } })).publishedAt === null;
  const newEvent = () => ({ productId: crypto.randomUUID(), reason: 'toggled' as const });

  it('lives on when its connection is ended while its claim waits on a lock, and relays again once its LISTEN is back', async () => {
    // A transaction holding the outbox table stops the relay's claim in the middle of its query.
    const locker = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN; LOCK TABLE outbox IN EXCLUSIVE MODE');
      const mark = relay.logs.length;
      const asked = relay.drain();
      asked.catch(() => {});
      await waitUntilWaitingForLock(ctx.db, CLAIM);
      expect(await terminateRelayBackends()).toEqual({ listen: 1, claim: 1 });
      // The pass ends with the lost connection, logged, and the process is still there.
      await asked;
      await expect.poll(() => relay.unlessExited(Promise.resolve(failuresSince(mark))), { timeout: 5_000 }).toEqual([expect.stringMatching(/terminating connection/)]);
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }

    // The LISTEN connection comes back by itself, and the next event arrives on its NOTIFY (the poll is a minute away).
    const eventId = await ctx.transaction((tx) => appendEvent(tx, 'stock.changed', newEvent()));
    await expect.poll(async () => relay.unlessExited(stock.getJob(eventId)), { timeout: 10_000 }).toBeTruthy();
    expect(relay.logs.map((l) => l.msg)).toContain('relay: LISTEN connection restored');
    expect(await unpublished(eventId)).toBe(false);
    expect(relay.alive()).toBe(true);
  });

  it('lives on when its connection is ended while its batch waits on Redis, and relays that batch on its next pass', async () => {
    // Redis stops answering first, so whichever pass takes the event waits on it. The event is committed without a
    // NOTIFY, so only the passes this test asks for move it.
    gate.hold();
    const eventId = await ctx.db.$transaction((tx) => appendEvent(tx, 'stock.changed', newEvent()));
    const mark = relay.logs.length;
    const asked = relay.drain();
    asked.catch(() => {});
    // The claim is done and its rows are locked in the open transaction while addBulk waits for Redis.
    await expect.poll(claimHeld, { timeout: 5_000 }).toBe(1);
    expect(await terminateRelayBackends()).toEqual({ listen: 1, claim: 1 });
    // The relay hears of both losses while it still waits on Redis; give it time to (not) fall over.
    const losses = () => relay.logs.filter((l) => l.msg.startsWith('relay: LISTEN connection lost')).length;
    await expect.poll(() => relay.unlessExited(Promise.resolve(losses())), { timeout: 5_000 }).toBe(1);
    await relay.unlessExited(sleep(300));

    expect(failuresSince(mark)).toEqual([]);

    gate.open();
    await asked;
    // The batch reaches the queue, but its transaction died with the connection: the row is still to be relayed.
    await expect.poll(() => relay.unlessExited(Promise.resolve(failuresSince(mark))), { timeout: 5_000 }).toEqual([expect.stringMatching(/terminating connection/)]);
    expect(await unpublished(eventId)).toBe(true);

    // Its next pass takes a fresh connection and marks the row; BullMQ ignores the second add under the same job id.
    await expect.poll(async () => (await relay.drain(), unpublished(eventId)), { timeout: 5_000 }).toBe(false);
    expect(await stock.getJob(eventId)).toBeTruthy();
    expect(relay.alive()).toBe(true);
  });
});

describe('outbox relay stop', () => {
  let ctx: TestContext;
  let gate: TcpGate;

  beforeAll(async () => {
    ctx = await buildTestContext();
    const redis = new URL(ctx.config.redisUrl);
    gate = await startTcpGate({ host: redis.hostname, port: Number(redis.port || 6379) });
  });
  afterAll(async () => {
    gate?.open();
    await gate?.close();
    await ctx.close();
  });

  it('does not wait past its deadline for a pass stuck on a Redis that does not answer, and unlocks the rows that pass claimed', async () => {
    const connection = createRedis({ ...ctx.config, redisUrl: `redis://${gate.host}:${gate.port}` }, 'producer');
    connection.on('error', () => {});
    const queues = createQueues(connection, ctx.prefix);
    const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs: 60_000 });
    try {
      const eventId = await ctx.db.$transaction((tx) => appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'toggled' }));
      gate.hold();
      const pass = relay.drainNow();
      const claimOpen = async () => {
        const [row] = await ctx.db.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE ${`%${CLAIM}%`}`;
        return row!.n;
      };
      await expect.poll(claimOpen, { timeout: 5_000 }).toBe(1);

      const started = performance.now();
      const late = sleep(5_000).then(() => 'still waiting after 5 s');
      expect(await Promise.race([relay.stop(300).then(() => 'stopped'), late])).toBe('stopped');
      expect(performance.now() - started).toBeLessThan(2_000);
      // Its connection was closed, so its transaction rolled back: the row is free for another relay.
      await expect.poll(claimOpen, { timeout: 5_000 }).toBe(0);
      const free = await ctx.db.$transaction((tx) => tx.$queryRaw<{ id: string }[]>`SELECT id FROM outbox WHERE id = ${eventId}::uuid FOR UPDATE NOWAIT`);
      expect(free).toHaveLength(1);

      // When Redis answers at last, the stuck pass ends without marking the row, which stays for the next relay.
      gate.open();
      await pass;
      expect((await ctx.db.outboxEvent.findUniqueOrThrow({ where: { id: eventId } })).publishedAt).toBeNull();
    } finally {
      gate.open();
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
    }
  });
});
