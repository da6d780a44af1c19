import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, sqlOf } from '../../../core/infra/prisma';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createTestDatabase } from '../../helpers/test-db';

/** A TCP relay in front of PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
  };
}

describe('a PostgreSQL outage seen by the API', () => {
  const lines: { level: number; msg: string }[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let ctx: TestContext;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    relay = await startRelay(direct);
    const relayed = new URL(database.url);
    relayed.port = String(relay.port);
    ctx = await buildTestContext({ DATABASE_URL: relayed.toString(), LOG_LEVEL: 'info' }, { logDestination: destination });
  });

  afterAll(async () => {
    await relay?.restore();
    await ctx?.close();
    await database?.drop();
  });

  const askForAProduct = () => ctx.app.inject({ method: 'GET', url: `/api/product/${randomUUID()}` });

  it('answers 503 with a message while it lasts, logs it once at warn and once at info when it ends', async () => {
    expect((await askForAProduct()).statusCode).toBe(404);

    await relay.cut();
    const during = await Promise.all(Array.from({ length: 5 }, askForAProduct));
    for (const answer of during) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ success: false, code: 'unavailable', message: expect.stringContaining('try again') });
    }
    expect((await askForAProduct()).statusCode).toBe(503);

    await relay.restore();
    expect((await askForAProduct()).statusCode).toBe(404);

    const warns = lines.filter((l) => l.msg === 'PostgreSQL is unavailable; retrying until it answers');
    expect(warns).toHaveLength(1);
    expect(warns[0]!.level).toBe(40);
    const recoveries = lines.filter((l) => l.msg.startsWith('PostgreSQL is available again after'));
    expect(recoveries).toHaveLength(1);
    expect(recoveries[0]!.level).toBe(30);
    // No stream of raw error objects: not one request failure was logged as an error.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('an idle connection the server ends', () => {
  it('is dropped by the pool without ending the process, even before Prisma has run a query', async () => {
    const database = await createTestDatabase();
    const db = createPrisma(database.url, { max: 2 });
    const errors: unknown[] = [];
    const onUncaught = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Only plain statements so far: the connection sits idle in the pool.
      const pid = (await sqlOf(db).rows<{ pid: number }>('SELECT pg_backend_pid() AS pid', []))[0]!.pid;
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(errors).toEqual([]);
      // The next statement gets a fresh connection.
      const [again] = await sqlOf(db).rows<{ pid: number }>('SELECT pg_backend_pid() AS pid', []);
      expect(again!.pid).not.toBe(pid);
    } finally {
      process.off('uncaughtException', onUncaught);
      await db.$disconnect();
      await database.drop();
    }
  });
});
