import path from 'node:path';
import { buildState, ensureBuilt } from '../../../scripts/build/build.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
export const CLIENT_DIST = path.join(root, 'dist/client');

/**
 * The production client, built as `npm start` builds it (scripts/build/build.mjs): only when dist/client is missing
 * or its sources changed since, under the build lock, swapped in whole.
 */
export async function ensureClientBuild(): Promise<'reused' | 'built'> {
  if (buildState(root, 'client') === 'fresh') return 'reused';
  // vitest sets NODE_ENV=test; the build script forces production itself.
  await ensureBuilt(root, ['client'], () => {});
  return 'built';
}
