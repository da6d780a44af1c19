#!/usr/bin/env node
// `npm run dev`: the app as `npm start` runs it (database setup, API and workers; from the TypeScript sources),
// restarted on every change (tsx watch), and the Vite dev server with hot reload, together. Open
// http://localhost:5173; Vite proxies /api, /ws and the images to the API. Ctrl-C stops both.
// PORT moves the API (3000 by default) and DEV_CLIENT_PORT the dev server (5173), e.g. when another copy runs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensurePrismaClient } from './build/prisma-client.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_PORT = Number(process.env.PORT ?? 3000);
const VITE_PORT = Number(process.env.DEV_CLIENT_PORT ?? 5173);
const bin = (file) => path.join(ROOT, 'node_modules', file);

// The sources run as they are, with the generated Prisma client: made again first if the schema changed since.
try {
  ensurePrismaClient(ROOT);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const children = [
  run('app', [bin('tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'scripts/start.ts'], {
    // Vite serves the pages; the API trusts calls from the dev server's origin only while it runs.
    SERVE_CLIENT: 'false',
    PORT: String(API_PORT),
    DEV_CLIENT_ORIGIN: `http://localhost:${VITE_PORT}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  }),
  run('vite', [bin('vite/bin/vite.js'), '--config', 'client/vite.config.ts', '--port', String(VITE_PORT), '--strictPort'], {
    DEV_API_ORIGIN: `http://localhost:${API_PORT}`,
  }),
];

function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${signal ?? `code ${code}`}); stopping the other one.`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const exits = children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))));
  Promise.all(exits).then(() => process.exit(exitCode));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
