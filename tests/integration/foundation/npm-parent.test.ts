import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../helpers/test-db';
import { freePort } from '../../helpers/processes';

const root = path.resolve(import.meta.dirname, '../../..');

function stillRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('npm run start:api under a supervisor that signals only npm', () => {
  it('stops the API cleanly when SIGTERM ends npm, instead of leaving it running as an orphan', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const npm = spawn('npm', ['run', 'start:api'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: `tnpm${port}`, PORT: String(port), HOST: '127.0.0.1', SERVE_CLIENT: 'false', LOG_LEVEL: 'info' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout!.on('data', (d) => (output += d));
    npm.stderr!.on('data', (d) => (output += d));
    try {
      const deadline = Date.now() + 90_000;
      while (!/API listening on/.test(output)) {
        if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`no start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const api = Number(output.match(/"pid":(\d+)/)![1]);
      expect(api).not.toBe(npm.pid);

      process.kill(npm.pid!, 'SIGTERM');
      for (let i = 0; i < 100 && stillRunning(api); i++) await new Promise((r) => setTimeout(r, 100));
      expect(stillRunning(api), output).toBe(false);
      expect(output).toContain('SIGTERM received, shutting down');
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await database.drop();
    }
  }, 120_000);
});
