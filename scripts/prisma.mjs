#!/usr/bin/env node
// Runs the project's Prisma CLI: `node scripts/prisma.mjs <prisma args...>` (behind the npm db:* scripts).
//
// Prisma downloads its native schema engine on first use, which fails without internet (notes/prisma-offline.md).
// Unless PRISMA_SCHEMA_ENGINE_BINARY is already set or a native engine is installed, this points the CLI at
// scripts/schema-engine-wasm.mjs, a stand-in running the wasm build of the same engine. Exits with the CLI's code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRISMA_CLI = path.join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');
const STAND_IN = path.join(ROOT, 'scripts', 'schema-engine-wasm.mjs');
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/grocery';

/** True when a downloaded native engine (schema-engine-<platform>) sits where the CLI looks for it. */
function hasNativeSchemaEngine() {
  const places = [path.join(ROOT, 'node_modules', '@prisma', 'engines'), path.join(ROOT, 'node_modules', 'prisma')];
  return places.some((dir) => {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    return names.some((name) => /^schema-engine-[\w.-]+$/.test(name) && !/\.(sha256|gz|sig)$/.test(name));
  });
}

function prismaEnv() {
  const env = { ...process.env };
  env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
  // No update checks / telemetry calls to a host this machine may not reach.
  env.CHECKPOINT_DISABLE ??= '1';
  if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !hasNativeSchemaEngine()) env.PRISMA_SCHEMA_ENGINE_BINARY = STAND_IN;
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
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
}

run(process.argv.slice(2));
