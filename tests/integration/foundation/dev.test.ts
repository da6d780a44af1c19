import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { demoCatalog } from '../../../prisma/seed/catalog-data';
import { Redis } from '../../../core/infra/redis';
import { freePort } from '../../helpers/processes';
import { databaseUrl } from '../../helpers/services-env';

const root = path.resolve(import.meta.dirname, '../../..');

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, output: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not happen in time:\n${output()}`);
}

describe('npm run dev (scripts/dev.mjs)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('runs the app from its sources and the Vite dev server in front of it, trusted by the API, and stops both on Ctrl-C', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const database = `grocery_dev_${randomBytes(5).toString('hex')}`;
    const prefix = `tdev${randomBytes(4).toString('hex')}`;
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'grocery-dev-uploads-'));
    cleanups.push(() => rm(uploadDir, { recursive: true, force: true }));
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => admin.end());
    });
    cleanups.push(async () => {
      const redis = new Redis(inject('redisUrl'));
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    const [apiPort, vitePort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(apiPort),
      DEV_CLIENT_PORT: String(vitePort),
      DATABASE_URL: databaseUrl(adminUrl, database),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: prefix,
      UPLOAD_DIR: uploadDir,
    };
    // Its own process group, so a SIGINT to the group is what a terminal's Ctrl-C sends.
    const child = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    });
    const devServer = `http://localhost:${vitePort}`;

    // The catalogue through the dev server's proxy: the API started from the sources, created and seeded its database.
    const names = await until(
      'the demo catalogue through the dev server',
      async () => {
        const reply = await fetch(`${devServer}/api/product/list`);
        if (!reply.ok) return undefined;
        return ((await reply.json()) as { products: { name: string }[] }).products.map((p) => p.name);
      },
      120_000,
      () => output,
    );
    expect(names.sort()).toEqual(demoCatalog.map((p) => p.name).sort());

    // The page comes from Vite (hot reload), not from a build.
    const page = await (await fetch(`${devServer}/`)).text();
    expect(page).toContain('/@vite/client');

    // A call from the dev server's origin is the store's own: refused for its credentials, not for where it came from.
    const login = await fetch(`${devServer}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: devServer },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
    });
    expect(login.status).toBe(401);

    process.kill(-child.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'timed out'>((r) => setTimeout(() => r('timed out'), 20_000))]);
    expect(code, output).toBe(0);
    await expect(fetch(`http://127.0.0.1:${apiPort}/api/health`)).rejects.toThrow();
  }, 180_000);
});
