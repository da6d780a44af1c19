import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
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

  it('generates the Prisma client again before building when the schema changed since it was made', async () => {
    root = makeProject();
    // The project's own schema, Prisma CLI wrapper and dependencies.
    for (const file of ['prisma/schema.prisma', 'prisma.config.ts', 'scripts/prisma.mjs', 'scripts/schema-engine-wasm.mjs', 'scripts/build']) {
      cpSync(path.join(realRoot, file), path.join(root, file), { recursive: true });
    }
    symlinkSync(path.join(realRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const generated = path.join(root, 'core/infra/generated/prisma/client.ts');
    const logs: string[] = [];

    await ensureBuilt(root, ['server'], (line) => logs.push(line));
    expect(logs.join('\n')).toMatch(/Prisma client is older than prisma\/schema\.prisma: generating it/);
    expect(existsSync(generated)).toBe(true);

    logs.length = 0;
    await ensureBuilt(root, ['server'], (line) => logs.push(line));
    expect(logs).toEqual([]);

    // A pull that changes the schema: the client is made again, and the server rebuilt with it.
    appendFileSync(path.join(root, 'prisma/schema.prisma'), '\n// changed\n');
    await ensureBuilt(root, ['server'], (line) => logs.push(line));
    expect(logs.join('\n')).toMatch(/Prisma client is older than prisma\/schema\.prisma: generating it/);
    expect(logs.join('\n')).toMatch(/Built dist\/app/);
  }, 60_000);

  it('takes a build that has no sources beside it (a deployed image) as it is', async () => {
    root = makeProject();
    await ensureBuilt(root, ['server'], () => {});
    for (const dir of ['server', 'core', 'workers', 'scripts', 'prisma']) rmSync(path.join(root, dir), { recursive: true, force: true });
    expect(buildState(root, 'server')).toBe('fresh');
    expect(runBuilt('seed')).toBe('seed v1');
  });
});
