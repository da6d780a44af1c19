// Builds the client (Vite) and the API, workers, start script and seed (esbuild, to plain ESM JavaScript in
// dist/app), each only when its sources changed since the last build (fingerprint.mjs), under a lock so that several
// starts at once in one checkout never build into each other. Plain JavaScript: it runs before anything is built.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_SOURCES, SERVER_SOURCES, fingerprint } from './fingerprint.mjs';
import { ensurePrismaClient, prismaClientIsCurrent } from './prisma-client.mjs';

/** The entry points of dist/app: `node dist/app/<name>.js`. */
export const SERVER_ENTRIES = {
  start: 'scripts/start.ts',
  api: 'server/main.ts',
  worker: 'workers/main.ts',
  seed: 'prisma/seed.ts',
};

const PARTS = {
  server: { sources: SERVER_SOURCES, out: 'dist/app', build: buildServerInto },
  client: { sources: CLIENT_SOURCES, out: 'dist/client', build: buildClientInto },
};

const LOCK_STALE_MS = 5 * 60_000;

/** 'fresh', 'missing' or 'stale'. A build without sources beside it (a deployed image) is taken as it is. */
export function buildState(root, part) {
  const { sources, out } = PARTS[part];
  const stamp = readStamp(root, part);
  if (!stamp || !existsSync(path.join(root, out))) return 'missing';
  const current = fingerprint(root, sources);
  return current === null || current === stamp ? 'fresh' : 'stale';
}

/** Builds `part` unconditionally, into a scratch directory that replaces the old build in one rename. */
export async function build(root, part, log = console.log) {
  const { sources, out, build: buildInto } = PARTS[part];
  // The server bundles the generated Prisma client: it must match the schema first.
  if (part === 'server') ensurePrismaClient(root, log);
  const hash = fingerprint(root, sources);
  const target = path.join(root, out);
  const scratch = `${target}.building-${process.pid}`;
  const retired = `${target}.old-${process.pid}`;
  await rm(scratch, { recursive: true, force: true });
  const started = performance.now();
  try {
    await buildInto(root, scratch);
    // Two renames: a server still serving the old build never sees a half-written directory.
    if (existsSync(target)) await rename(target, retired);
    await rename(scratch, target);
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(retired, { recursive: true, force: true });
  }
  await mkdir(path.join(root, 'dist'), { recursive: true });
  await writeFile(stampFile(root, part), `${hash ?? ''}\n`);
  log(`Built ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** Builds each of `parts` that is missing or stale; says which and why. */
export async function ensureBuilt(root, parts, log = console.log) {
  const clientStale = () => parts.includes('server') && !prismaClientIsCurrent(root);
  const todo = () => parts.filter((part) => (part === 'server' && clientStale()) || buildState(root, part) !== 'fresh');
  if (todo().length === 0) return;
  await withLock(root, async () => {
    for (const part of todo()) {
      const state = buildState(root, part);
      log(`The ${part} build is ${state === 'missing' ? 'missing' : 'older than its sources'}: building it…`);
      await build(root, part, log);
    }
  });
}

async function buildServerInto(root, outdir) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed (a production install without dev dependencies cannot build): run `npm install`, then `npm run build`.');
  }
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Dependencies load from node_modules at run time, as they would under a TypeScript loader.
    packages: 'external',
    sourcemap: 'linked',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
    chunkNames: 'chunks/[name]-[hash]',
  });
}

async function buildClientInto(root, outDir) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) throw new Error('Vite is not installed: run `npm install`, then `npm run build`.');
  const args = [vite, 'build', '--config', 'client/vite.config.ts', '--outDir', outDir, '--emptyOutDir'];
  // NODE_ENV=production: React's production runtime whatever the caller's environment says.
  const env = { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' };
  const { code, output } = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('close', (exit) => resolve({ code: exit ?? -1, output: text }));
  });
  if (code !== 0) {
    const lines = output.split('\n').filter((line) => !/^\s+at |^\s*errors: |^}$/.test(line));
    throw new Error(`vite build failed (exit code ${code}):\n${lines.slice(-20).join('\n')}`);
  }
}

function stampFile(root, part) {
  return path.join(root, 'dist', `.${part}-build`);
}

function readStamp(root, part) {
  try {
    return readFileSync(stampFile(root, part), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** A directory lock; one left by a build that was killed is taken over once its process is gone. */
async function withLock(root, work) {
  const lock = path.join(root, 'dist', '.build.lock');
  await mkdir(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if ((await ownerIsGone(lock)) || Date.now() > deadline) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function ownerIsGone(lock) {
  const pid = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}
