import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The checkout (or image) root: the nearest directory above this module with a package.json. Found rather than
 * fixed, because the same code runs from its source (core/infra/) and bundled into dist/app/ (chunks/).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
