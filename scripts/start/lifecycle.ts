import type { Logger } from '../../core/infra/logger';

/** A failure the user can fix (a service is missing, a step failed): printed as it is, without a stack trace. */
export class StartError extends Error {}

type Closer = { name: string; close: () => Promise<void> };

/** Past this, a stop that hangs (e.g. on a dead connection) gives way to a plain exit. */
const STOP_TIMEOUT_MS = 20_000;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What `npm start` has started, stopped in reverse order on Ctrl-C (SIGINT/SIGTERM) or when a later step fails.
 * Mirrors core/infra/process.ts, but is armed before the first step: a Ctrl-C during migrations must still stop an
 * embedded PostgreSQL it started. A second signal exits at once.
 */
export function createLifecycle(logger: Logger) {
  const closers: Closer[] = [];
  let stopping: Promise<void> | null = null;

  async function stopAll(): Promise<void> {
    setTimeout(() => {
      console.error(`Stopping took longer than ${STOP_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    for (let closer = closers.pop(); closer; closer = closers.pop()) {
      try {
        await closer.close();
      } catch (error) {
        console.error(`Could not stop ${closer.name} cleanly: ${messageOf(error)}`);
      }
    }
  }

  function onSignal(signal: NodeJS.Signals) {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    console.log(`\n${signal} received, stopping…`);
    stopping = stopAll().then(() => {
      console.log('Stopped.');
      process.exit(0);
    });
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  return {
    /** Registers something to stop on exit; if a signal already came, stops it right away. */
    async add(name: string, close: () => Promise<void>): Promise<void> {
      if (stopping) await close();
      else closers.push({ name, close });
    },

    /** Says why start failed (no stack trace), stops what was started, exits 1. After a signal: just lets it finish. */
    async fail(error: unknown): Promise<never> {
      if (stopping) await stopping;
      logger.debug({ err: error }, 'start failed');
      console.error(error instanceof StartError ? `\n${error.message}` : `\nnpm start failed: ${messageOf(error)}`);
      await stopAll();
      process.exit(1);
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;
