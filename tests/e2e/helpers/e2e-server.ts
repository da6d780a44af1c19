import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../../core/infra/config';
import { createLogger } from '../../../core/infra/logger';
import { createPrisma } from '../../../core/infra/prisma';
import { seedDemoCatalog } from '../../../prisma/seed/seed-catalog';
import { startApi } from '../../../server/server';
import { startWorkers } from '../../../workers/worker-runtime';
import { createTestDatabase } from '../../helpers/test-db';
import { TEST_PASSWORD_COST, TEST_RATE_LIMITS } from '../../helpers/services-env';
import { ensureClientBuild } from './client-build';

type LogLine = { level: number; msg?: string; [key: string]: unknown };

export type E2eServer = {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_ORIGIN (Origin checks and the WebSocket compare against it). */
  url: string;
  config: Config;
  /** Server and worker log lines at warn level and above, as parsed pino objects. */
  logged: LogLine[];
  /** What the server and workers logged at error level or above (a 5xx, a failed job): a test expects none. */
  errors: () => string[];
  close: () => Promise<void>;
};

/** A free TCP port, chosen before the server starts so PUBLIC_ORIGIN can name it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real thing, per test file: a fresh database (cloned from the migrated template) with the demo catalogue and the
 * configured seller, its own Redis prefix and upload dir, the built client, the API listening on a real port and the
 * workers (outbox relay, processors, reconciler) running in this process.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const [database, uploadDir, port] = await Promise.all([
    createTestDatabase(),
    mkdtemp(path.join(os.tmpdir(), 'grocery-e2e-uploads-')),
    freePort(),
    ensureClientBuild(),
  ]);
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: `e2e${randomBytes(5).toString('hex')}`,
    UPLOAD_DIR: uploadDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: url,
    SERVE_CLIENT: 'true',
    LOG_LEVEL: 'warn',
    // Live updates within a test's patience even if a NOTIFY is missed.
    OUTBOX_POLL_MS: '200',
    ...TEST_PASSWORD_COST,
    ...TEST_RATE_LIMITS,
    ...env,
  });

  const logged: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        try {
          logged.push(JSON.parse(line) as LogLine);
        } catch {
          logged.push({ level: 50, msg: line });
        }
        // E2E_LOG=1 shows them as they happen, for debugging a failing test.
        if (process.env.E2E_LOG) process.stderr.write(`${line}\n`);
      }
      done();
    },
  });
  const logger = createLogger(config.logLevel, 'e2e', sink);

  const stops: (() => Promise<unknown>)[] = [];
  async function close() {
    await Promise.allSettled(stops.splice(0).map((stop) => stop()));
    await database.drop();
    await rm(uploadDir, { recursive: true, force: true });
  }

  try {
    const db = createPrisma(config.databaseUrl, { max: 2 });
    try {
      await seedDemoCatalog(db, config);
    } finally {
      await db.$disconnect();
    }
    // startApi makes sure the configured seller (config defaults: the README's demo login) exists.
    const api = await startApi(config, logger);
    stops.push(() => api.close());
    stops.push(await startWorkers(config, logger));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    url,
    config,
    logged,
    errors: () => logged.filter((l) => l.level >= 50).map((l) => JSON.stringify(l)),
    close,
  };
}
