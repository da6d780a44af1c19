#!/usr/bin/env node
// `postinstall`: generates the Prisma client into core/infra/generated/prisma (git-ignored) via scripts/prisma.mjs,
// which works offline (see that file). An incomplete install (e.g. without the prisma package) only gets a note,
// so `npm install` does not fail for it; a real `prisma generate` failure fails the install with its exit code.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WRAPPER = path.join(ROOT, 'scripts', 'prisma.mjs');

function skip(reason) {
  console.warn(`[postinstall] Prisma client not generated: ${reason}. Run \`npm run db:generate\` once it is fixed.`);
  process.exit(0);
}

if (!fs.existsSync(path.join(ROOT, 'node_modules', 'prisma', 'build', 'index.js'))) skip('the prisma package is not installed');
if (!fs.existsSync(path.join(ROOT, 'prisma', 'schema.prisma'))) skip('prisma/schema.prisma is missing');

const { status, error } = spawnSync(process.execPath, [WRAPPER, 'generate'], { cwd: ROOT, stdio: 'inherit' });
if (error) skip(`could not run ${WRAPPER}: ${error.message}`);
if (status !== 0) {
  console.error(`[postinstall] \`prisma generate\` failed (exit code ${status}); see the output above. Retry with \`npm run db:generate\`.`);
  process.exit(status ?? 1);
}
