import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENTRIES, buildState, ensureBuilt } from '../../../scripts/build/build.mjs';

const realRoot = path.resolve(import.meta.dirname, '../../..');
let root: string;

/** A project with the same layout and tsconfig as this one, whose four entry points each print their name. */
function makeProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'freshcart-build-'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'tsconfig.json'), readFileSync(path.join(realRoot, 'tsconfig.json')));
  mkdirSync(path.join(dir, 'core'), { recursive: true });
  writeFileSync(path.join(dir, 'core/greeting.ts'), "export const greeting: string = 'v1';\n");
  for (const [name, entry] of Object.entries(SERVER_ENTRIES)) {
    mkdirSync(path.join(dir, path.dirname(entry)), { recursive: true });
    const up = '../'.repeat(entry.split('/').length - 1);
    writeFileSync(path.join(dir, entry), `import { greeting } from '${up}core/greeting';\nconsole.log('${name}', greeting);\n`);
  }
  return dir;
}

const runBuilt = (name: string) => execFileSync(process.execPath, [path.join(root, 'dist/app', `${name}.js`)], { encoding: 'utf8' }).trim();

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the server build', () => {
  it('is built when missing, reused while fresh, rebuilt when a source changes, and runs with plain node', async () => {
    root = makeProject();
    const logs: string[] = [];
    expect(buildState(root, 'server')).toBe('missing');
    await ensureBuilt(root, ['server'], (line) => logs.push(line));
    expect(logs[0]).toMatch(/server build is missing/);
    expect(runBuilt('api')).toBe('api v1');
    expect(runBuilt('start')).toBe('start v1');

    logs.length = 0;
    await ensureBuilt(root, ['server'], (line) => logs.push(line));
    expect(logs).toEqual([]);

    // What a `git pull` does to a file, except that the timestamp says nothing: the content decides.
    writeFileSync(path.join(root, 'core/greeting.ts'), "export const greeting: string = 'v2';\n");
    expect(buildState(root, 'server')).toBe('stale');
    await ensureBuilt(root, ['server'], (line) => logs.push(line));
    expect(logs[0]).toMatch(/server build is older than its sources/);
    expect(runBuilt('worker')).toBe('worker v2');
  });

  it('takes a build that has no sources beside it (a deployed image) as it is', async () => {
    root = makeProject();
    await ensureBuilt(root, ['server'], () => {});
    for (const dir of ['server', 'core', 'workers', 'scripts', 'prisma']) rmSync(path.join(root, dir), { recursive: true, force: true });
    expect(buildState(root, 'server')).toBe('fresh');
    expect(runBuilt('seed')).toBe('seed v1');
  });
});
