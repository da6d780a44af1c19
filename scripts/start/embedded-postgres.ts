import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { StartError } from './lifecycle';
import { freePort } from './net';
import { lastLines, runQuiet } from './run-quiet';

/** Where the embedded server listens unless that port is taken. */
const PREFERRED_PORT = 54329;

type Binaries = { initdb: string; pg_ctl: string };
type RunAs = { uid: number; gid: number } | Record<string, never>;

/** `adopted`: the pid of a server an earlier run left behind (killed hard) that this run took over. */
export type EmbeddedPostgres = { port: number; created: boolean; adopted: number | null; stop: (hurry?: boolean) => Promise<void> };

/**
 * A private PostgreSQL for a machine with only Node, from the server binaries the `embedded-postgres` package installs
 * (@embedded-postgres/<platform>-<arch>). Not through its EmbeddedPostgres class: that one hooks SIGINT/SIGTERM and
 * exits the process with 130 as soon as its own server is down (before the API and workers have closed), and it runs
 * `postgres` in our process group, so a terminal's Ctrl-C kills the database under the API's feet. `pg_ctl` starts the
 * server in its own session instead, and we stop it last.
 *
 * Data lives in `dataDir` and survives restarts; the cluster is created on first use (trust auth, 127.0.0.1 only,
 * no Unix socket).
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const user = postgresUser();
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (created) await initialise(bin, dataDir, user);
  else await ensureOwner(dataDir, user);

  // A previous run that was killed hard leaves its server up: adopt it rather than fight over the data directory.
  const leftover = await runningServer(bin, dataDir, user);
  let port = leftover?.port ?? null;
  if (port === null) {
    port = await freePort(PREFERRED_PORT);
    const log = path.join(dataDir, 'server.log');
    const started = await run(bin.pg_ctl, ['start', '-D', dataDir, '-w', '-t', '60', '-s', '-l', log, '-o', `-p ${port}`], user);
    if (started.code !== 0) throw new StartError(`pg_ctl could not start it: ${started.output}\n${await tail(log)}${rootHint(user, dataDir)}`);
  }
  return {
    port,
    created,
    adopted: leftover?.pid ?? null,
    // fast: ends the sessions and shuts down cleanly. In a hurry (a forced exit): immediate, recovered at next start.
    async stop(hurry = false) {
      const server = await runningServer(bin, dataDir, user);
      const stopped = await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', hurry ? 'immediate' : 'fast', '-w', '-s'], user);
      if (stopped.code !== 0) throw new Error(`pg_ctl stop failed: ${stopped.output}`);
      // pg_ctl returns once postmaster.pid is gone, which the server removes a moment before it exits.
      if (server && !(await exited(server.pid, 10_000))) throw new Error(`the server (pid ${server.pid}) has not exited`);
    },
  };
}

/** The binaries for this platform; embedded-postgres's own dist/binary.js picks the same package. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Binaries;
  } catch {
    throw new StartError(`embedded-postgres has no PostgreSQL binaries installed for ${platform}-${process.arch}.`);
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, as embedded-postgres does. */
function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return {};
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new StartError('PostgreSQL refuses to run as root, and there is no `postgres` user to run the embedded one as.');
  }
}

/**
 * initdb into a sibling directory, configured, then renamed into place: a run interrupted half way (Ctrl-C) leaves no
 * half-made cluster that would later look like a real one.
 */
async function initialise(bin: Binaries, dataDir: string, user: RunAs): Promise<void> {
  const staging = `${dataDir}.initdb`;
  // An empty directory may be replaced; anything else in the way is not ours to delete.
  await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw new StartError(`${dataDir} exists but is not a PostgreSQL data directory; move it away.`);
  });
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await ensureOwner(staging, user);
  const init = await run(bin.initdb, ['-D', staging, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-instructions'], user);
  if (init.code !== 0) throw new StartError(`initdb failed: ${init.output}${rootHint(user, staging)}`);
  await appendFile(
    path.join(staging, 'postgresql.conf'),
    "\n# Added by npm start (scripts/start/embedded-postgres.ts): local TCP only, no Unix socket.\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  await rename(staging, dataDir);
}

/** As root, the data directory must belong to the user the server runs as (e.g. after a copy or a restore). */
async function ensureOwner(dataDir: string, user: RunAs): Promise<void> {
  if (!('uid' in user) || (await stat(dataDir)).uid === user.uid) return;
  execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dataDir]);
}

/** The pid and port of a server already running on this data directory (postmaster.pid lines 1 and 4), or null. */
async function runningServer(bin: Binaries, dataDir: string, user: RunAs): Promise<{ pid: number; port: number } | null> {
  if ((await run(bin.pg_ctl, ['status', '-D', dataDir], user)).code !== 0) return null;
  const lines = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid && port ? { pid, port } : null;
}

function run(binary: string, args: string[], user: RunAs) {
  // cwd '/': the postgres user may not be allowed into ours. LC_ALL=C: messages we can show as they are.
  // detached: a Ctrl-C (or its relayed twin) reaches our whole process group; it must not kill a `pg_ctl start` or
  // `pg_ctl stop` half way and leave the server running behind our back. We wait for pg_ctl either way.
  return runQuiet(binary, args, { ...user, cwd: '/', detached: true, env: { ...process.env, LC_ALL: 'C' } });
}

/** Polls until the process is gone (or, where /proc tells it, only a zombie nobody reaped yet). */
async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but runs as another user (the postgres user, when we are root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // No /proc here: signal 0 reached it, so it runs.
  }
}

async function tail(file: string): Promise<string> {
  return lastLines(await readFile(file, 'utf8').catch(() => ''), 8);
}

function rootHint(user: RunAs, dataDir: string): string {
  return 'uid' in user ? `\n(Running as root: the postgres user must be able to reach ${dataDir} and node_modules.)` : '';
}
