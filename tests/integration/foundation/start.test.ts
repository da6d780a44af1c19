import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { demoCatalog } from '../../../prisma/seed/catalog-data';
import { firstRunEnv } from '../../helpers/first-run-env';
import { databaseUrl } from '../../helpers/services-env';

const root = path.resolve(import.meta.dirname, '../../..');

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * `npm start` as a child process: its compiled entry point (dist/app/start.js, built by the global setup) run with
 * node, as `npm start` does after its build check. Not through npm: npm answers a Ctrl-C with its own exit code 130
 * whatever the script does, and we want to see the script's. It gets its own process group, so a SIGINT to the group
 * is exactly what a terminal's Ctrl-C sends.
 */
function startApp(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['dist/app/start.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', PORT: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(app: Started, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = app.output().match(pattern);
    if (match) return match;
    if (app.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${pattern} in the output:\n${app.output()}`);
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  return Promise.race([promise, new Promise<'timed out'>((r) => setTimeout(() => r('timed out'), ms))]);
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

describe('npm start (scripts/start.ts)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('creates a missing database, migrates, seeds, serves the API and the catalogue, and stops cleanly on Ctrl-C', async () => {
    const { database, env } = await firstRunEnv('start', cleanups);
    const app = startApp(env);
    cleanups.push(async () => {
      if (app.child.exitCode === null) process.kill(-app.child.pid!, 'SIGKILL');
    });
    const [, url] = await waitForOutput(app, /FreshCart is running on (http:\/\/localhost:\d+)/, 90_000);
    expect(app.output()).toContain(`Created database ${database}.`);
    expect(app.output()).toMatch(/seller@freshcart\.test/);
    expect(app.output().match(/^ {2}Payments: .*$/gm)).toEqual([
      '  Payments: the simulated gateway, TEST MODE: no real money moves, and every visitor sees a test-mode banner.',
    ]);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ success: true, status: 'up' });

    const list = (await (await fetch(`${url}/api/product/list`)).json()) as { success: boolean; products: { name: string }[] };
    expect(list.success).toBe(true);
    expect(list.products.map((p) => p.name).sort()).toEqual(demoCatalog.map((p) => p.name).sort());

    process.kill(-app.child.pid!, 'SIGINT');
    expect(await withinMs(app.exited, 10_000), app.output()).toBe(0);
    expect(app.output()).not.toMatch(STACK_FRAME);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 150_000);

  it('names PostgreSQL, its address and how to start it when DATABASE_URL points at nothing, and exits 1', async () => {
    const port = await closedPort();
    const app = startApp({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/grocery`, REDIS_URL: inject('redisUrl') });
    expect(await withinMs(app.exited, 60_000), app.output()).toBe(1);
    expect(app.output()).toContain(`PostgreSQL is not reachable at 127.0.0.1:${port} (DATABASE_URL)`);
    expect(app.output()).toContain('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start');
    expect(app.output()).not.toMatch(STACK_FRAME);
  }, 90_000);

  it('names Redis, its address and how to start it when REDIS_URL points at nothing, and exits 1', async () => {
    const port = await closedPort();
    const app = startApp({ DATABASE_URL: databaseUrl(inject('adminDatabaseUrl'), 'postgres'), REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(await withinMs(app.exited, 60_000), app.output()).toBe(1);
    expect(app.output()).toContain(`Redis is not reachable at 127.0.0.1:${port} (REDIS_URL)`);
    expect(app.output()).toContain(`redis-server --daemonize yes --bind 127.0.0.1 --port ${port}`);
    expect(app.output()).not.toMatch(STACK_FRAME);
  }, 90_000);
});
