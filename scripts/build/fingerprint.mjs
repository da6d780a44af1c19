// What a build is made from, as one hash: `npm start` rebuilds exactly when it changed (a `git pull`, an edit, a new
// lockfile), whatever the files' timestamps say.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The API, the workers, the start script and the seed; the generated Prisma client lives under core/. */
export const SERVER_SOURCES = ['server', 'core', 'workers', 'scripts/start.ts', 'scripts/start', 'prisma/seed.ts', 'prisma/seed'];
/** The client, the pure core modules it imports through `@core`, and the lockfile (its dependencies are bundled). */
export const CLIENT_SOURCES = ['client', 'core/domain', 'core/contracts', 'package-lock.json'];
/** Served from where they are, not built: they need no rebuild. */
const SKIPPED = new Set(['node_modules', 'images']);

function listFiles(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => !SKIPPED.has(child.name))
    .flatMap((child) => listFiles(root, path.join(entry, child.name)));
}

/**
 * sha256 over every source file's path and content, in a stable order. Null when the first (main) source is absent:
 * a deployed copy that carries only its build.
 */
export function fingerprint(root, sources) {
  if (!existsSync(path.join(root, sources[0]))) return null;
  const files = sources.flatMap((entry) => listFiles(root, entry)).sort();
  if (files.length === 0) return null;
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}
