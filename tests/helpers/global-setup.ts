import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEFAULT_ADMIN_DATABASE_URL, DEFAULT_REDIS_URL, TEMPLATE_DATABASE, databaseUrl } from './services-env';

const root = path.resolve(import.meta.dirname, '../..');

/** Once per run: (optionally start containers,) migrate a template database that every test file clones. */
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

  await recreateTemplate(adminUrl);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('redisUrl', redisUrl);

  return async () => {
    for (const stop of stops) await stop();
  };
}

async function recreateTemplate(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Another project of this run (or an aborted run) may have made it already: take a lock, then rebuild.
    await admin.query('SELECT pg_advisory_lock(727274)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE_DATABASE]);
    if (exists.rowCount && process.env.__TEMPLATE_READY === '1') return;
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    execFileSync(process.execPath, [path.join(root, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl(adminUrl, TEMPLATE_DATABASE) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    process.env.__TEMPLATE_READY = '1';
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    await admin.end();
  }
}
