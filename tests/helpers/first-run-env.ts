import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { Redis } from '../../core/infra/redis';
import { databaseUrl } from './services-env';

/**
 * What a first run of the whole app (`npm start`, `npm run dev`) is given as if on a fresh machine: a database that
 * does not exist yet (the app creates it), a Redis prefix and an upload directory of its own. `cleanups` gets what
 * removes them after the test.
 */
export async function firstRunEnv(name: string, cleanups: (() => Promise<unknown>)[]) {
  const adminUrl = inject('adminDatabaseUrl');
  const database = `grocery_${name}_${randomBytes(5).toString('hex')}`;
  const prefix = `t${name}${randomBytes(4).toString('hex')}`;
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), `grocery-${name}-uploads-`));
  cleanups.push(() => rm(uploadDir, { recursive: true, force: true }));
  cleanups.push(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => admin.end());
  });
  cleanups.push(async () => {
    const redis = new Redis(inject('redisUrl'));
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  return {
    database,
    env: { DATABASE_URL: databaseUrl(adminUrl, database), REDIS_URL: inject('redisUrl'), REDIS_PREFIX: prefix, UPLOAD_DIR: uploadDir },
  };
}
