import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const root = path.resolve(import.meta.dirname, '../../..');
export const CLIENT_DIST = path.join(root, 'dist/client');
/** Everything the bundle is made from: the client and the pure core modules it imports through `@core`. */
const SOURCES = ['client', 'core/domain', 'core/contracts'].map((p) => path.join(root, p));
const LOCK = path.join(root, 'dist/.client-build.lock');
const LOCK_STALE_MS = 5 * 60_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  const index = path.join(CLIENT_DIST, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((dir) => !existsSync(dir) || newestMtime(dir) <= built);
}

/** Whether the process that took the lock is gone (a test run killed mid-build leaves its lock behind). */
function ownerIsGone(): boolean {
  try {
    const pid = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A directory lock: concurrent test runs in one checkout must not build into each other. */
async function withLock<T>(work: () => Promise<T>): Promise<T> {
  await mkdir(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      await mkdir(LOCK);
      await writeFile(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch {
      const age = existsSync(LOCK) ? Date.now() - statSync(LOCK).mtimeMs : 0;
      if (ownerIsGone() || age > LOCK_STALE_MS || Date.now() > deadline) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await work();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds the client (`vite build`, as `npm run build` does) when dist/client is missing or older than its sources;
 * reuses it otherwise. The bundle is built beside dist/client and swapped in, so a server that is serving the old
 * one (another test run) never sees a half-written directory for longer than two renames.
 */
export async function ensureClientBuild(): Promise<'reused' | 'built'> {
  if (isFresh()) return 'reused';
  return withLock(async () => {
    if (isFresh()) return 'reused';
    const staging = `${CLIENT_DIST}.e2e-${process.pid}`;
    const retired = `${CLIENT_DIST}.old-${process.pid}`;
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    try {
      const args = ['build', '--config', 'client/vite.config.ts', '--outDir', staging, '--emptyOutDir', '--logLevel', 'warn'];
      await run(process.execPath, [vite, ...args], {
        cwd: root,
        // vitest sets NODE_ENV=test; the app under test must be the production build.
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`The client build failed:\n${stdout}\n${stderr}`.trim());
    }
    if (existsSync(CLIENT_DIST)) await rename(CLIENT_DIST, retired);
    await rename(staging, CLIENT_DIST);
    await rm(retired, { recursive: true, force: true });
    return 'built';
  });
}
