#!/usr/bin/env node
// Runs the project's Prisma CLI: `node scripts/prisma.mjs <prisma args...>` (behind the npm db:* scripts).
//
// The schema engine is always the wasm build shipped inside the `prisma` package (through the stand-in
// scripts/schema-engine-wasm.mjs), unless PRISMA_SCHEMA_ENGINE_BINARY names another one. A native engine that some
// install step downloaded is never preferred: one built for another OpenSSL (e.g. in a slim container image) cannot
// load, and a download that failed must not break migrations. The wasm engine needs neither. Exits with the CLI's code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { recordGeneratedClient } from './build/prisma-client.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRISMA_CLI = path.join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');
const STAND_IN = path.join(ROOT, 'scripts', 'schema-engine-wasm.mjs');
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/grocery';

function prismaEnv() {
  const env = { ...process.env };
  env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
  // No update checks / telemetry calls to a host this machine may not reach.
  env.CHECKPOINT_DISABLE ??= '1';
  env.PRISMA_SCHEMA_ENGINE_BINARY ||= STAND_IN;
  return env;
}

function run(args) {
  if (!fs.existsSync(PRISMA_CLI)) {
    console.error(`Prisma CLI not found at ${PRISMA_CLI}. Run \`npm install\` first.`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [PRISMA_CLI, ...args], { stdio: 'inherit', env: prismaEnv() });
  // Ctrl-C reaches the whole process group: let the CLI handle it and exit with its code. A SIGTERM sent to this
  // wrapper alone is passed on.
  const forward = (signal) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', () => {});
  child.on('error', (error) => {
    console.error(`Could not start the Prisma CLI: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.off('SIGTERM', forward);
    // A build compares the schema with the one the client was made from (build/prisma-client.mjs).
    if (args[0] === 'generate' && code === 0) recordGeneratedClient(ROOT);
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
}

run(process.argv.slice(2));
