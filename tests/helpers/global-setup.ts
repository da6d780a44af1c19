import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../scripts/build/build.mjs';
import { DEFAULT_ADMIN_DATABASE_URL, DEFAULT_REDIS_URL, databaseUrl } from './services-env';

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(root, 'prisma/migrations');

/** Once per run: (optionally start containers,) make sure a migrated template database exists for every file to clone. */
export default async function setup(project: TestProject) {
  let adminUrl = DEFAULT_ADMIN_DATABASE_URL;
  let redisUrl = DEFAULT_REDIS_URL;
  const stops: (() => Promise<unknown>)[] = [];

  if (process.env.TESTCONTAINERS === '1') {
    const { startContainers } = await import('./containers');
    const started = await startContainers();
    adminUrl = started.adminUrl;
    redisUrl = started.redisUrl;
    stops.push(started.stop);
  }

  // Tests that start the product as a process run its compiled JavaScript (dist/app), as production does.
  await ensureBuilt(root, ['server'], () => {});
  project.provide('templateDatabase', await ensureTemplate(adminUrl));
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('redisUrl', redisUrl);

  return async () => {
    for (const stop of stops) await stop();
  };
}

/**
 * The template is named after a hash of the migrations, built under a temporary name and renamed when complete, so
 * concurrent test runs never clone a half-migrated template and a changed migration gets a fresh one.
 */
async function ensureTemplate(adminUrl: string): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of readdirSync(migrationsDir).sort()) {
    if (dir.endsWith('.toml')) continue;
    hash.update(dir).update(readFileSync(path.join(migrationsDir, dir, 'migration.sql')));
  }
  const name = `grocery_tpl_${hash.digest('hex').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(727274)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    execFileSync(process.execPath, [path.join(root, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl(adminUrl, building) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // The CLI may exit before its engine's connections are gone; a rename needs none left.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [building]);
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    await admin.end();
  }
}
