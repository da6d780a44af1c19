import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../../prisma/seed/catalog-data';
import { firstRunEnv } from '../../helpers/first-run-env';
import { freePort } from '../../helpers/processes';

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
    const { env: firstRun } = await firstRunEnv('dev', cleanups);
    const [apiPort, vitePort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(apiPort),
      DEV_CLIENT_PORT: String(vitePort),
      ...firstRun,
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
