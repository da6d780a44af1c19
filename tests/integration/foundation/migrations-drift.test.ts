import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../helpers/test-db';

const root = path.resolve(import.meta.dirname, '../../..');

/** `prisma migrate diff --exit-code` through the offline wrapper: 0 = no difference, 2 = a difference. */
function migrateDiff(schemaPath: string, databaseUrl: string): Promise<{ code: number; output: string }> {
  const args = ['scripts/prisma.mjs', 'migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema', schemaPath, '--exit-code'];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('prisma/migrations and prisma/schema.prisma', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let tmp: string;
  beforeAll(async () => {
    // The diff replays the migrations into a temporary shadow database on this server.
    ({ url: databaseUrl, drop } = await createTestDatabase());
    tmp = await mkdtemp(path.join(os.tmpdir(), 'grocery-drift-'));
  });
  afterAll(async () => {
    await drop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('have not drifted apart', async () => {
    const { code, output } = await migrateDiff('prisma/schema.prisma', databaseUrl);
    expect(code, output).toBe(0);
  }, 90_000);

  it('the check fails (exit 2) when the schema gains a field no migration creates', async () => {
    const schema = await readFile(path.join(root, 'prisma/schema.prisma'), 'utf8');
    const drifted = schema.replace(/^model Product \{\n/m, 'model Product {\n  driftProbe String?\n');
    expect(drifted).not.toBe(schema);
    const driftedPath = path.join(tmp, 'schema.prisma');
    await writeFile(driftedPath, drifted);
    const { code, output } = await migrateDiff(driftedPath, databaseUrl);
    expect(code, output).toBe(2);
    expect(output).toMatch(/drift_probe|driftProbe/);
  }, 90_000);
});
