import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where Debian, Ubuntu and Google's packages put their browser; the first one that runs is used. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];

export const NO_BROWSER_MESSAGE =
  'No Chromium for the e2e tests: run `npm install` (it brings @sparticuz/chromium), install a system Chromium, or set CHROMIUM_PATH to one.';

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'npm';

export type FoundChromium = { path: string; source: ChromiumSource };

export type ChromiumLookup = {
  env: NodeJS.ProcessEnv;
  isExecutable: (file: string) => boolean;
  /** Unpacks the Chromium an npm package ships and returns its path, or null when the package is not installed. */
  unpackPackaged: () => Promise<string | null>;
};

/**
 * The browser the e2e tests drive, in this order: an explicit CHROMIUM_PATH (a wrong one is an error, never silently
 * replaced), the system's Chromium or Chrome, then the headless Chromium of `@sparticuz/chromium`. With none of them
 * the run fails with one line saying how to get one: e2e tests never skip.
 */
export async function findChromium(lookup: ChromiumLookup): Promise<FoundChromium> {
  const explicit = lookup.env.CHROMIUM_PATH;
  if (explicit) {
    if (!lookup.isExecutable(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file.`);
    return { path: explicit, source: 'CHROMIUM_PATH' };
  }
  const system = SYSTEM_CHROMIUM_PATHS.find(lookup.isExecutable);
  if (system) return { path: system, source: 'system' };
  const packaged = await lookup.unpackPackaged();
  if (packaged) return { path: packaged, source: 'npm' };
  throw new Error(NO_BROWSER_MESSAGE);
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * `@sparticuz/chromium` unpacks into the OS temp directory, which every checkout on the machine shares and where a
 * half-written binary from a concurrent unpack would be taken as complete. It unpacks here into a private directory
 * instead (it reads TMPDIR at call time), which is then renamed into place in one step.
 */
export async function unpackSparticuzChromium(): Promise<string | null> {
  let chromium: { executablePath: () => Promise<string> };
  let version: string;
  try {
    chromium = (await import('@sparticuz/chromium')).default;
    const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
    version = JSON.parse(readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')).version;
  } catch {
    return null;
  }
  const cacheRoot = path.join(root, 'node_modules/.cache');
  const target = path.join(cacheRoot, `chromium-${version}`);
  const binary = path.join(target, 'chromium');
  if (isExecutable(binary)) return binary;

  const scratch = path.join(cacheRoot, `chromium-unpack-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  try {
    await chromium.executablePath();
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  }
  try {
    renameSync(scratch, target);
  } catch (error) {
    // Another run finished first: its copy is complete, ours is dropped.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}
