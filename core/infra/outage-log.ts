import type { Logger } from './logger';

/**
 * Logs a dependency outage (Redis, PostgreSQL) once at warn when it starts and once at info when it ends, with how
 * long it lasted: a client that reconnects every few hundred milliseconds would otherwise write one error per try.
 * Every try stays visible at debug.
 */
export function createOutageLog(logger: Pick<Logger, 'warn' | 'info' | 'debug'>, what: string) {
  let downSince: number | null = null;
  /** Several connections to the same service share one log: the outage ends when every one that failed is back. */
  const down = new Set<string>();
  return {
    /** A connection error: the first one opens the outage. */
    failed(error: Error | string, connection = 'default'): void {
      const message = typeof error === 'string' ? error : error.message;
      down.add(connection);
      if (downSince === null) {
        downSince = Date.now();
        logger.warn({ err: message }, `${what} is unavailable; retrying until it answers`);
      } else {
        logger.debug({ err: message }, `${what} still unavailable`);
      }
    },
    /** The connection is ready again: closes the outage, if there was one. */
    recovered(connection = 'default'): void {
      down.delete(connection);
      if (downSince === null || down.size > 0) return;
      const seconds = ((Date.now() - downSince) / 1000).toFixed(1);
      downSince = null;
      logger.info(`${what} is available again after ${seconds} s`);
    },
  };
}

/** Wires an ioredis-style client (`error` and `ready` events) to an outage log. */
export function logOutages(client: { on(event: 'error', fn: (error: Error) => void): unknown; on(event: 'ready', fn: () => void): unknown }, logger: Logger, what: string): void {
  const outage = createOutageLog(logger, what);
  client.on('error', (error: Error) => outage.failed(error));
  client.on('ready', () => outage.recovered());
}
