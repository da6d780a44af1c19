import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freshDatabase } from './database';
import { ensureBuilt } from '../../scripts/build/build.mjs';
import { API_NODE_FLAGS } from '../../scripts/start/api-node-flags';
import { freePort, ROOT, startNodeScript, waitForHttp, type Child } from './processes';
import { waitFor } from './stats';

export const BENCH_DATABASE = 'grocery_bench';
export const REDIS_URL = 'redis://127.0.0.1:6379';
export const REDIS_PREFIX = 'bench';
/** What the API believes its public address is; every state-changing call and socket sends it as Origin. */
export const ORIGIN = 'http://bench.localhost:3000';
/** The operator's bearer token for GET /api/health's details (the outbox backlog and queue depths the bench waits on). */
const HEALTH_TOKEN = 'bench-health-token-0123456789';
/** An API process may hold up to 18,000 sockets: its open-file limit goes to the machine's hard limit (20,000). */
const API_FDS = 20_000;

export type Api = { name: string; url: string; wsUrl: string; child: Child; stop: () => Promise<void> };

/** What every measurement receives: the database, the running worker and API, and a way to start more APIs. */
export type Stack = {
  databaseUrl: string;
  db: pg.Pool;
  api: Api;
  worker: Child;
  startApi: (name: string, nodeArgs?: string[], env?: NodeJS.ProcessEnv) => Promise<Api>;
  stop: () => Promise<void>;
};

export function childEnv(databaseUrl: string, uploadDir: string): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX,
    PUBLIC_ORIGIN: ORIGIN,
    HOST: '127.0.0.1',
    // Production's default level: every request that logs at info pays for it here too.
    LOG_LEVEL: 'info',
    UPLOAD_DIR: uploadDir,
    HEALTH_TOKEN,
    SERVE_CLIENT: 'true',
    NODE_ENV: 'production',
    // Every simulated shopper comes from this one address; the per-address limits are still counted (the Redis call
    // stays in the measured path), they just never refuse.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000000',
  };
}

/** Removes this bench's BullMQ queues, pub/sub leftovers and rate-limit counters from an earlier run. */
async function clearRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The client and the compiled API and workers, built as `npm start` builds them: only what is missing or stale. */
export async function ensureClientBuild(log: (line: string) => void): Promise<void> {
  await ensureBuilt(ROOT, ['client', 'server'], log);
}

/** Fresh database and Redis prefix, then one worker process and one API process, as production runs them. */
export async function startStack(log: (line: string) => void): Promise<Stack> {
  const databaseUrl = await freshDatabase(BENCH_DATABASE, log);
  await clearRedis();
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const env = childEnv(databaseUrl, uploadDir);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const apis = new Set<Api>();

  async function startApi(name: string, nodeArgs: string[] = [], extraEnv: NodeJS.ProcessEnv = {}): Promise<Api> {
    const port = await freePort();
    const child = startNodeScript(name, 'dist/app/api.js', { ...env, ...extraEnv, PORT: String(port) }, { fds: API_FDS, nodeArgs: [...API_NODE_FLAGS, ...nodeArgs] });
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(child, `${url}/api/health`);
    const api: Api = {
      name,
      url,
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      child,
      stop: async () => {
        apis.delete(api);
        await child.stop();
      },
    };
    apis.add(api);
    return api;
  }

  log('starting the worker and the API…');
  const worker = startNodeScript('worker', 'dist/app/worker.js', env);
  const [api] = await Promise.all([startApi('api-a'), waitForRelay(db, worker)]);

  return {
    databaseUrl,
    db,
    api,
    worker,
    startApi,
    async stop() {
      await Promise.allSettled([...apis].map((a) => a.stop()));
      await worker.stop();
      await db.end();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** The worker is ready once its outbox relay LISTENs (it starts the queue processors before that). */
async function waitForRelay(db: pg.Pool, worker: Child): Promise<void> {
  let exited: number | null | undefined;
  void worker.exited.then((code) => (exited = code));
  await waitFor(
    'the worker to LISTEN for outbox events',
    async () => {
      if (exited !== undefined) throw new Error(`worker exited with code ${exited}:\n${worker.output().slice(-4000)}`);
      const { rowCount } = await db.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
      );
      return rowCount! > 0;
    },
    60_000,
  );
}

/** Waits until the worker has relayed and processed every event so far, so one measurement's work does not spill into the next. */
export async function waitForPipelineIdle(api: Api, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    'the event pipeline to drain',
    async () => {
      const res = await fetch(`${api.url}/api/health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
      const health = (await res.json()) as { outbox: { backlog: number } | null; queues: Record<string, { waiting: number; active: number; delayed: number }> | null };
      if (!health.outbox || !health.queues) return false;
      const queued = Object.values(health.queues).reduce((n, q) => n + q.waiting + q.active + q.delayed, 0);
      return health.outbox.backlog === 0 && queued === 0;
    },
    timeoutMs,
    200,
  );
}
