import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';

/**
 * Runs a long-lived role (api, worker, all): loads config (printing every bad variable and exiting 1), starts the
 * role, and on SIGINT/SIGTERM closes it cleanly. A second signal forces the exit.
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
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
