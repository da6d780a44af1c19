import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_BATCH } from '../../../core/modules/accounts/session-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { databaseOutage } from '../../helpers/database-outage';
import { openSocket, sleep, userWithSession } from '../../helpers/live-helpers';

/** The heartbeat's re-check of every socket's session: at any scale, and never silently giving up. */
describe('session re-check on the WebSocket heartbeat', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const lines: { msg: string; level: number }[] = [];

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await buildTestContext({ WS_HEARTBEAT_MS: '300', LOG_LEVEL: 'warn' }, { logDestination: capture });
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
  });
  afterAll(() => ctx.close());

  /** Polls rather than sleeping a fixed time: on a busy machine a heartbeat can come late. */
  async function waitUntil(done: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(25);
    }
  }

  it('finds the ended sessions among 100,000 ids at once (revoked, expired, gone), in batches of one array parameter each', async () => {
    const live = await Promise.all([1, 2].map(() => userWithSession(ctx)));
    const revoked = await userWithSession(ctx);
    const expired = await userWithSession(ctx);
    await ctx.db.session.updateMany({ where: { userId: revoked.userId }, data: { revokedAt: new Date() } });
    await ctx.db.session.updateMany({ where: { userId: expired.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const sessionOf = async (u: { userId: string }) => (await ctx.db.session.findFirstOrThrow({ where: { userId: u.userId }, select: { id: true } })).id;
    const liveIds = await Promise.all(live.map(sessionOf));
    const endedIds = [await sessionOf(revoked), await sessionOf(expired)];
    // Ids of no session at all: deleted by the purge since their socket opened.
    const gone = Array.from({ length: 100_000 - 4 }, () => randomUUID());
    const ids = [...gone.slice(0, 50_000), ...liveIds, ...endedIds, ...gone.slice(50_000)];
    expect(ids.length).toBeGreaterThan(SESSION_CHECK_BATCH * 9);

    const ended = await ctx.services.sessions.endedAmong(ids);
    expect(ended.length).toBe(ids.length - liveIds.length);
    expect(new Set(ended)).toEqual(new Set([...gone, ...endedIds]));
  });

  it('logs a failed re-check, keeps the sockets, and retries until the database answers, then closes the revoked one', async () => {
    const owner = await userWithSession(ctx);
    const ws = await openSocket(baseUrl, { cookie: owner.cookie });
    // A connection of the test's own that the outage spares: the session is revoked only once the database is down
    // for the app, or a heartbeat could close the socket before the outage began (and then nothing is re-checked).
    const keeper = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await keeper.connect();
    const outage = databaseOutage(ctx.config.databaseUrl);
    const failures = () => lines.filter((l) => l.msg === 'live: session re-check failed, will retry').length;
    try {
      const { rows } = await keeper.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await outage.begin([rows[0]!.pid]);
      await waitUntil(() => failures() > 0, 'a failed re-check logged');
      // Revoked behind the API's back (no revocation message): only the heartbeat's re-check can notice.
      await keeper.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [owner.userId]);
      const before = failures();
      await waitUntil(() => failures() > before, 'a re-check failing after the revocation');
      expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    } finally {
      await outage.end();
      await keeper.end();
    }
    expect((await ws.closed).code).toBe(4401);
  }, 60_000);
});
