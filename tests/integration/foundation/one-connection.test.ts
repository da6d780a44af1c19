import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, onOneConnection, poolOf, sqlOf, type Db, type Sql } from '../../../core/infra/prisma';
import { createTestDatabase } from '../../helpers/test-db';
import { isDatabaseUnreachable } from '../../../core/infra/database-outage';

/** Polls until `check` holds (at most five seconds). */
async function until(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5000; !check(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}

/**
 * A request's statements on one pooled connection (core/infra/prisma.ts `onOneConnection`): one wait for the pool,
 * each statement committing by itself, and a broken connection never handed out again.
 */
describe('statements on one connection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let pool: pg.Pool;
  let admin: pg.Client;
  const backend = async (sql: Sql) => (await sql.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid', []))[0]!.pid;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createPrisma(database.url, { max: 2 });
    pool = poolOf(db)!;
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await db.$disconnect();
    await database.drop();
  });

  it('takes one connection from the pool for all of its statements', async () => {
    let taken = 0;
    const count = () => void taken++;
    pool.on('acquire', count);
    try {
      const pids = await onOneConnection(db, async (sql) => [await backend(sql), await backend(sql), await backend(sql)]);
      expect(new Set(pids).size).toBe(1);
    } finally {
      pool.off('acquire', count);
    }
    expect(taken).toBe(1);
  });

  it('commits each statement as it runs, with no transaction around them', async () => {
    await admin.query('CREATE TABLE IF NOT EXISTS one_connection_probe (n int)');
    await expect(
      onOneConnection(db, async (sql) => {
        await sql.rows('INSERT INTO one_connection_probe VALUES (1)', []);
        // Seen from another connection before the work ends, and kept although the work then fails.
        expect((await admin.query('SELECT count(*)::int AS n FROM one_connection_probe')).rows[0].n).toBe(1);
        throw new Error('the work failed after its first statement');
      }),
    ).rejects.toThrow('the work failed');
    expect((await admin.query('SELECT count(*)::int AS n FROM one_connection_probe')).rows[0].n).toBe(1);
  });

  it('keeps the connection after a statement the server refused', async () => {
    let held = 0;
    const [first, second] = await onOneConnection(db, async (sql) => {
      const before = await backend(sql);
      held = pool.totalCount;
      await expect(sql.rows('SELECT 1 / 0', [])).rejects.toMatchObject({ code: '22012' });
      return [before, await backend(sql)];
    });
    expect(second).toBe(first);
    // Back in the pool for the next request: the refusal did not cost the pool its connection.
    expect(pool.totalCount).toBe(held);
  });

  it('takes a single statement (sqlOf) the same way: a refusal leaves the pool its connection', async () => {
    await onOneConnection(db, backend); // at least one connection is open
    const open = pool.totalCount;
    await expect(sqlOf(db).rows('SELECT 1 / 0', [])).rejects.toMatchObject({ code: '22012' });
    expect(pool.totalCount).toBe(open);
  });

  it('closes a connection that broke instead of handing it out again', async () => {
    let held = 0;
    const lost = await onOneConnection(db, async (sql) => {
      const pid = await backend(sql);
      held = pool.totalCount;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect(sql.rows('SELECT 1', [])).rejects.toThrow();
      return pid;
    });
    expect(pool.totalCount).toBe(held - 1);
    for (let i = 0; i < 4; i++) expect(await onOneConnection(db, backend)).not.toBe(lost);
  });

  it('survives a connection that breaks while held between statements, and closes it', async () => {
    let held = 0;
    const lost = await onOneConnection(db, async (sql) => {
      const pid = await backend(sql);
      held = pool.totalCount;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // The server's goodbye arrives while no statement runs: an 'error' event on the held connection.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The next statement fails with what broke the connection, which the API's outage check reads as "database
      // out of reach" (a 503 that says to try again), not with the driver's "not queryable".
      const next = await sql.rows('SELECT 1', []).then(
        () => new Error('the statement ran on a broken connection'),
        (error: unknown) => error as Error,
      );
      expect(next.message).not.toMatch(/not queryable|ran on a broken/);
      expect(isDatabaseUnreachable(next)).toBe(true);
      return pid;
    });
    expect(pool.totalCount).toBe(held - 1);
    expect(await onOneConnection(db, backend)).not.toBe(lost);
  });

  it('gives a board move a connection of the board lane while every shared connection is taken', async () => {
    // Both of the shared pool's connections held, as a rush of checkouts holds them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = [1, 2].map(() =>
      onOneConnection(db, async (sql) => {
        const pid = await backend(sql);
        await held;
        return pid;
      }),
    );
    await until(() => pool.totalCount === 2 && pool.idleCount === 0);

    const moved = await onOneConnection(
      db,
      async (sql) => (await sql.rows<{ name: string; pid: number }>('SELECT current_setting($1) AS name, pg_backend_pid() AS pid', ['application_name']))[0]!,
      'board',
    );
    expect(moved.name).toBe('board-lane');
    expect(pool.waitingCount).toBe(0);

    release();
    const sharedPids = await Promise.all(holders);
    expect(sharedPids).not.toContain(moved.pid);
  });
});
