import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';

/** A second signal this soon after the first is the same request (a double-tapped Ctrl-C, a relayed signal). */
const SAME_REQUEST_MS = 1000;

/**
 * Runs a long-lived role (api, worker): loads config (printing every bad variable and exiting 1), starts the role,
 * and on SIGINT, SIGTERM or SIGHUP (a closed terminal) closes it cleanly. A later second signal forces the exit.
 */
export async function runProcess(name: string, start: (config: Config, logger: Logger) => Promise<() => Promise<void>>) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, name);
  let stop: () => Promise<void>;
  try {
    stop = await start(config, logger);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error }, `${name} failed to start`);
    console.error(`\n${name} could not start: ${message}`);
    process.exit(1);
  }
  let stoppingSince = 0;
  const shutdown = async (signal: string) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince >= SAME_REQUEST_MS) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    logger.info(`${signal} received, shutting down`);
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // With the terminal gone, writes to it fail; that must not cut the graceful close short.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
