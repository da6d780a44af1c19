import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every way a person or a supervisor stops `npm start` (its compiled entry, dist/app/start.js, run with node) with the
 * embedded PostgreSQL and the private redis-server (EMBEDDED_SERVICES=always, one data directory for the file): the
 * process ends and nothing it started is left running.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null>; pgPort: number; pgPid: number; redisPid: number };

async function start(): Promise<Started> {
  const child = spawn(process.execPath, ['dist/app/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      EMBEDDED_SERVICES: 'always',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      REDIS_PREFIX: `tsig${randomBytes(4).toString('hex')}`,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      PORT: '0',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
    },
    // Its own process group, as a terminal gives it: a signal to the group is what the terminal sends.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!/FreshCart is running on/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pgPort = Number(output.match(/embedded PostgreSQL runs on 127\.0\.0\.1:(\d+)/)![1]);
  // By pid, not by port: another run on this machine may hold the same preferred ports.
  const pgPid = Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
  const redisPid = Number(readFileSync(path.join(dataDir, 'redis/redis.pid'), 'utf8'));
  return { child, output: () => output, exited, pgPort, pgPid, redisPid };
}

/** Running, as /proc tells it: an exited process nobody has reaped yet (a zombie) has stopped. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Processes still in the group, or whose command line names the data directory (the postmaster: `postgres -D …`). */
function survivors(pgid: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (group === pgid || cmdline.includes(dataDir)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

async function expectNothingLeft(app: Started): Promise<void> {
  expect(survivors(app.child.pid!)).toEqual([]);
  expect(isAlive(app.pgPid), 'the embedded PostgreSQL still runs').toBe(false);
  expect(isAlive(app.redisPid), 'the private redis-server still runs').toBe(false);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  return Promise.race([promise, new Promise<'timed out'>((r) => setTimeout(() => r('timed out'), ms))]);
}

describe('stopping npm start with its embedded services', () => {
  const running: Started[] = [];
  beforeAll(() => {
    // PostgreSQL runs as the postgres user when we are root: it must be able to reach the directory.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'freshcart-signals-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    const kill = (pid: number) => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    for (const app of running) kill(-app.child.pid!);
    // Whatever a failed test left: stop it before deleting its data.
    for (const line of survivors(-1)) kill(Number(line.split(':')[0]));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const started = async () => {
    const app = await start();
    running.push(app);
    return app;
  };

  it('Ctrl-C once: a clean stop, exit 0', async () => {
    const app = await started();
    process.kill(-app.child.pid!, 'SIGINT');
    expect(await within(app.exited, 30_000), app.output()).toBe(0);
    expect(app.output()).toContain('SIGINT received, stopping…');
    expect(app.output()).toContain('Stopped.');
    await expectNothingLeft(app);
  }, 120_000);

  it('Ctrl-C twice within a second (a double tap, or a wrapper relaying it): still one clean stop', async () => {
    const app = await started();
    process.kill(-app.child.pid!, 'SIGINT');
    await new Promise((r) => setTimeout(r, 30));
    process.kill(-app.child.pid!, 'SIGINT');
    expect(await within(app.exited, 30_000), app.output()).toBe(0);
    expect(app.output()).not.toContain('again');
    await expectNothingLeft(app);
  }, 120_000);

  it('SIGTERM to the process alone (a supervisor, `docker stop`): a clean stop, exit 0', async () => {
    const app = await started();
    process.kill(app.child.pid!, 'SIGTERM');
    expect(await within(app.exited, 30_000), app.output()).toBe(0);
    expect(app.output()).toContain('SIGTERM received, stopping…');
    await expectNothingLeft(app);
  }, 120_000);

  it('SIGHUP from a closed terminal, whose output is gone: still a clean stop', async () => {
    const app = await started();
    app.child.stdout!.destroy();
    app.child.stderr!.destroy();
    process.kill(-app.child.pid!, 'SIGHUP');
    expect(await within(app.exited, 30_000)).toBe(0);
    await expectNothingLeft(app);
  }, 120_000);

  it('the embedded PostgreSQL is a major version Prisma can describe: `npm run db:diff` works against it', async () => {
    const app = await started();
    const url = `postgresql://postgres@127.0.0.1:${app.pgPort}/grocery`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    await client.end();
    expect(Math.floor(Number(rows[0]!.v) / 10000)).toBe(17);

    const diff = spawnSync(
      process.execPath,
      ['scripts/prisma.mjs', 'migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema', 'prisma/schema.prisma', '--exit-code'],
      { cwd: root, env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8', timeout: 90_000 },
    );
    expect(diff.status, diff.stdout + diff.stderr).toBe(0);
    expect(diff.stdout).toContain('No difference detected.');
    expect(diff.stdout + diff.stderr).not.toContain('panicked');

    process.kill(-app.child.pid!, 'SIGINT');
    expect(await within(app.exited, 30_000), app.output()).toBe(0);
  }, 180_000);

  it('after kill -9, the next start adopts the PostgreSQL left running, replaces the redis-server, and says so', async () => {
    const killed = await started();
    process.kill(killed.child.pid!, 'SIGKILL');
    await killed.exited;
    // Started in their own sessions, the services outlive a hard kill: that is what the next start must handle.
    expect(isAlive(killed.pgPid)).toBe(true);
    expect(isAlive(killed.redisPid)).toBe(true);

    const next = await started();
    expect(next.output()).toMatch(/PostgreSQL: the embedded server an earlier run left running \(pid \d+, not stopped cleanly\) was adopted/);
    expect(next.output()).toMatch(/Redis: stopped the private redis-server an earlier run left running \(pid \d+/);
    expect(next.pgPort).toBe(killed.pgPort);
    expect(next.pgPid).toBe(killed.pgPid);
    process.kill(-next.child.pid!, 'SIGINT');
    expect(await within(next.exited, 30_000), next.output()).toBe(0);
    await expectNothingLeft(next);
    await expectNothingLeft(killed);
  }, 180_000);
});
