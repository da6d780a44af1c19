// The Prisma client is generated from prisma/schema.prisma into core/infra/generated/prisma (git-ignored) when
// `npm install` runs. A `git pull` that changes the schema would leave that client behind and the build would bundle
// it, so the schema's hash is kept beside the client it made (`npm run db:generate` writes it, through
// scripts/prisma.mjs), and a build generates the client again whenever the two differ.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SCHEMA = 'prisma/schema.prisma';
const STAMP = 'core/infra/generated/prisma/schema.sha256';

function schemaHash(root) {
  const schema = path.join(root, SCHEMA);
  return existsSync(schema) ? createHash('sha256').update(readFileSync(schema)).digest('hex') : null;
}

/** Records that the client under core/infra/generated was just made from the schema as it is now. */
export function recordGeneratedClient(root) {
  const hash = schemaHash(root);
  if (hash) writeFileSync(path.join(root, STAMP), `${hash}\n`);
}

/** Whether the client was made from the schema as it is now; a copy without the schema (a deployed image) is. */
export function prismaClientIsCurrent(root) {
  const hash = schemaHash(root);
  if (hash === null) return true;
  const stamp = path.join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/** Generates the client again when the schema changed since it was made. */
export function ensurePrismaClient(root, log = console.log) {
  if (prismaClientIsCurrent(root)) return;
  log('The Prisma client is older than prisma/schema.prisma: generating it…');
  const generated = spawnSync(process.execPath, [path.join(root, 'scripts', 'prisma.mjs'), 'generate'], { cwd: root, encoding: 'utf8' });
  if (generated.status !== 0) {
    const output = `${generated.stdout ?? ''}${generated.stderr ?? ''}`.trim();
    throw new Error(`Could not generate the Prisma client (\`npm run db:generate\`):\n${output || generated.error?.message}`);
  }
}
