import type { Logger } from '../../core/infra/logger';

/** A failure the user can fix (a service is missing, a step failed): printed as it is, without a stack trace. */
export class StartError extends Error {}

/**
 * `app`: the API and the workers, closed gracefully. `service`: a server we started in its own session (the embedded
 * PostgreSQL, the private redis-server); no signal of the terminal reaches it, so it must always be stopped by us,
 * even on a forced exit, or it outlives the app.
 */
type Closer = { name: string; kind: 'app' | 'service'; close: (hurry: boolean) => Promise<void> };

/** Past this, a stop that hangs (e.g. on a dead connection) gives way to stopping only the services. */
const STOP_TIMEOUT_MS = 20_000;
/**
 * A second signal this soon after the first is the same request: a double-tapped Ctrl-C, a wrapper relaying the
 * terminal's SIGINT, a supervisor sending SIGTERM to every process of the group.
 */
const SAME_REQUEST_MS = 1000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What `npm start` has started, stopped in reverse order on Ctrl-C (SIGINT), SIGTERM or SIGHUP (a closed terminal),
 * or when a later step fails. Armed before the first step: a Ctrl-C during migrations must still stop an embedded
 * PostgreSQL it started. A second signal (more than a second after the first) skips the graceful close of the app
 * but still stops the services.
 */
export function createLifecycle(logger: Logger) {
  const closers: Closer[] = [];
  let stopping: Promise<void> | null = null;
  let firstSignalAt = 0;

  async function closeAll(kinds: Closer['kind'][], hurry: boolean): Promise<void> {
    for (let i = closers.length - 1; i >= 0; i--) {
      const closer = closers[i]!;
      if (!kinds.includes(closer.kind)) continue;
      closers.splice(i, 1);
      try {
        await closer.close(hurry);
      } catch (error) {
        say(`Could not stop ${closer.name} cleanly: ${messageOf(error)}`);
      }
    }
  }

  /** Stops the services without waiting for the app, then exits: the way out of a hung or repeated stop. */
  async function forceExit(reason: string): Promise<never> {
    say(reason);
    await closeAll(['service'], true);
    process.exit(1);
  }

  function stopAll(): Promise<void> {
    setTimeout(() => void forceExit(`Stopping took longer than ${STOP_TIMEOUT_MS / 1000} s; stopping the services and exiting.`), STOP_TIMEOUT_MS).unref();
    return closeAll(['app', 'service'], false);
  }

  function onSignal(signal: NodeJS.Signals) {
    if (stopping) {
      if (Date.now() - firstSignalAt < SAME_REQUEST_MS) return;
      void forceExit(`${signal} again: not waiting for the app; stopping the services and exiting.`);
      return;
    }
    firstSignalAt = Date.now();
    say(`\n${signal} received, stopping…`);
    stopping = stopAll().then(() => {
      say('Stopped.');
      process.exit(0);
    });
  }
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  // After SIGHUP the terminal is gone: writing to it fails (EIO, EPIPE). That must not end the process before the
  // services are stopped.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  process.on('uncaughtException', (error) => void lifecycle.fail(error));
  process.on('unhandledRejection', (error) => void lifecycle.fail(error));

  const lifecycle = {
    /** Registers something to stop on exit; if a signal already came, stops it right away. */
    async add(name: string, close: (hurry: boolean) => Promise<void>, kind: Closer['kind'] = 'app'): Promise<void> {
      if (stopping) await close(true);
      else closers.push({ name, kind, close });
    },

    /** Says why start failed (no stack trace), stops what was started, exits 1. After a signal: just lets it finish. */
    async fail(error: unknown): Promise<never> {
      if (stopping) await stopping;
      logger.debug({ err: error }, 'start failed');
      say(error instanceof StartError ? `\n${error.message}` : `\nnpm start failed: ${messageOf(error)}`, 'error');
      await closeAll(['app', 'service'], true);
      process.exit(1);
    },
  };
  return lifecycle;
}
export type Lifecycle = ReturnType<typeof createLifecycle>;

/** Console output that cannot throw: the terminal may be gone. */
function say(line: string, level: 'log' | 'error' = 'log'): void {
  try {
    console[level](line);
  } catch {
    // Nobody is listening any more.
  }
}
