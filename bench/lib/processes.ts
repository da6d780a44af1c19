import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, waitFor } from './stats';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A process the bench started: the API, the worker, a ceiling server or a tool. */
export type Child = {
  name: string;
  pid: number;
  /** The last 64 KB of its stdout and stderr, shown when something fails. */
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

const running = new Set<ChildProcess>();

/** Every child still running gets SIGKILL; used on exit, on Ctrl-C and on failure. */
export function killAllChildren(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  running.clear();
}

let installed = false;
/** Children never outlive the bench: exit, Ctrl-C, kill and crashes all end them. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAllChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the bench's processes…`);
      killAllChildren();
      process.exit(130);
    });
  }
}

/** The soft limit on open files of this process (each socket is one). */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s+/)[3];
  return soft === 'unlimited' ? Infinity : Number(soft ?? 1024);
}

/**
 * Starts a command as a child of the bench. When the child needs more open files than this process may hold, it is
 * started through a shell that raises its limit first (`ulimit -n` is per process).
 */
export function startChild(name: string, command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; fds?: number } = {}): Child {
  const env = { ...process.env, ...opts.env };
  const needsShell = opts.fds !== undefined && opts.fds > openFileLimit();
  const child = needsShell
    ? spawn('sh', ['-c', `ulimit -n ${opts.fds} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`, 'sh', command, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  // BENCH_CHILD_LOG_DIR keeps each child's whole output in <dir>/<name>-<pid>.log (with BENCH_NODE_ARGS=--trace-gc, say).
  const logDir = process.env.BENCH_CHILD_LOG_DIR;
  if (logDir) mkdirSync(logDir, { recursive: true });
  const logFile = logDir ? path.join(logDir, `${name}-${child.pid}.log`) : undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
    child.on('error', (error) => {
      keep(Buffer.from(`spawn failed: ${error.message}\n`));
      running.delete(child);
      resolve(-1);
    });
  });
  return {
    name,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A node process per role: the product's compiled entry points (dist/app/*.js) exactly as production runs them, or a
 * TypeScript bench helper (a ceiling) through tsx. `npm run bench -- --profile` sets BENCH_NODE_ARGS so every such
 * process writes a CPU profile when it stops.
 */
export function startNodeScript(name: string, script: string, env: NodeJS.ProcessEnv, opts: { fds?: number; nodeArgs?: string[] } = {}): Child {
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return startChild(name, process.execPath, [...extra, ...(opts.nodeArgs ?? []), ...loader, script], { env, fds: opts.fds });
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200, or the child exits (then throws with its output). */
export async function waitForHttp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  let exited = false;
  const ready = waitFor(
    `${child.name} at ${url}`,
    async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
      await res?.body?.cancel();
      return exited || res?.status === 200;
    },
    timeoutMs,
    100,
  );
  const died = child.exited.then((code) => {
    exited = true;
    throw new Error(`${child.name} exited with code ${code}`);
  });
  await Promise.race([ready, died]).catch((error: Error) => {
    throw new Error(`${error.message}\n--- ${child.name} output ---\n${child.output().slice(-4000)}`);
  });
}

/** Resident set size of a process, from /proc (bytes). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

/** Runs a command to completion and returns its output; throws on a non-zero exit. */
export async function runToEnd(name: string, command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const child = startChild(name, command, args, { env });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${child.output().slice(-4000)}`);
  return child.output();
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (clock ticks are 10 ms on Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time (ms) of this process's children that have exited and been waited for (cutime + cstime), from /proc. */
export function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/**
 * CPU time (ms) used so far by every process with this command name, e.g. all of PostgreSQL: the running ones' own
 * time plus what their exited children used (a backend's time moves to the postmaster when it exits), so the figure
 * only grows.
 */
export function cpuMsOfCommand(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== command) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}
