import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StartError } from './lifecycle';
import { freePort, waitUntilAnswers } from './net';
import { lastLines } from './run-quiet';

/** Where the private server listens unless that port is taken. */
const PREFERRED_PORT = 63790;

/** `replaced`: the pid of a server an earlier run left behind (killed hard) that was stopped first. */
export type PrivateRedis = { port: number; replaced: number | null; stop: (hurry?: boolean) => Promise<void> };

/**
 * A private `redis-server` from the machine's binary, for when no Redis answers and REDIS_URL is not set. Its data
 * (an append-only file, so queued jobs survive a restart) lives in `dataDir`. It runs in its own process group, so a
 * terminal's Ctrl-C does not take Redis away while the workers are still closing; we stop it last.
 * Returns null when there is no redis-server on PATH.
 */
export async function startPrivateRedis(dataDir: string): Promise<PrivateRedis | null> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error) return null;
  await mkdir(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'redis.pid');
  const logFile = path.join(dataDir, 'redis.log');
  const replaced = await stopLeftover(pidFile);

  const port = await freePort(PREFERRED_PORT);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--appendonly', 'yes', '--save', ''];
  const child = spawn('redis-server', [...args, '--pidfile', pidFile, '--logfile', logFile, '--daemonize', 'no'], { detached: true, stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  if (!(await waitUntilAnswers({ host: '127.0.0.1', port }, 10_000, () => exited))) {
    child.kill('SIGKILL');
    const log = lastLines(await readFile(logFile, 'utf8').catch(() => ''), 8);
    throw new StartError(`redis-server did not start on port ${port}:\n${log}`);
  }
  return { port, replaced, stop: () => stopChild(child) };
}

/** SIGTERM makes Redis flush its append-only file and exit; give it a few seconds before forcing it. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * A private server left running by a run that was killed hard would fight the new one over the data directory: it is
 * stopped (it flushes its append-only file first). Returns its pid, or null when there was none.
 */
async function stopLeftover(pidFile: string): Promise<number | null> {
  const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''));
  if (!pid || !isAlive(pid)) return null;
  // Make sure the pid was not reused by something else (where /proc tells us).
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline !== null && !cmdline.includes('redis-server')) return null;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) throw new StartError(`A private redis-server from an earlier run (pid ${pid}) does not stop; stop it and retry.`);
  return pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
