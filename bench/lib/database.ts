import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../core/infra/config';
import { createPrisma } from '../../core/infra/prisma';
import { seedDemoCatalog } from '../../prisma/seed/seed-catalog';
import { ROOT, runToEnd } from './processes';

export const PG_SERVER = 'postgresql://postgres@127.0.0.1:5432';
const TEMPLATE_PREFIX = 'grocery_bench_tpl_';

/** Everything that shapes a freshly migrated and seeded database: when none of it changed, the template is reused. */
function templateHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...listFiles(path.join(ROOT, 'prisma/migrations')),
    path.join(ROOT, 'prisma/seed/seed-catalog.ts'),
    path.join(ROOT, 'prisma/seed/catalog-data.ts'),
  ];
  for (const file of files.sort()) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 10);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for this run: dropped, created from a migrated and seeded template (`prisma migrate deploy`,
 * the demo catalogue, the configured seller), then analysed. Building the template takes ~20 s through Prisma's
 * wasm engine, so it is kept between runs and rebuilt only when the migrations or the seed change.
 */
export async function freshDatabase(name: string, log: (line: string) => void): Promise<string> {
  const template = TEMPLATE_PREFIX + templateHash();
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount! > 0);
  if (!exists) {
    log(`building the database template ${template} (migrate deploy + seed)…`);
    await admin(async (c) => {
      const old = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`);
      for (const row of old.rows) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(row.datname)} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${c.escapeIdentifier(template)}`);
    });
    const url = `${PG_SERVER}/${template}`;
    try {
      await runToEnd('prisma migrate deploy', process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], { DATABASE_URL: url });
      const db = createPrisma(url, { max: 2 });
      try {
        await seedDemoCatalog(db, loadConfig({ DATABASE_URL: url }));
      } finally {
        await db.$disconnect();
      }
    } catch (error) {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(template)} WITH (FORCE)`));
      throw error;
    }
  }
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)} TEMPLATE ${c.escapeIdentifier(template)}`);
  });
  const url = `${PG_SERVER}/${name}`;
  await analyzeLoaded(url);
  return url;
}

/**
 * ANALYZE of the tables that hold rows. Empty tables are left alone on purpose: analysing an empty `orders` table
 * makes pooled connections plan foreign-key checks as sequential scans, which then slow down as the table grows
 * (an empty table analysed stays planned as empty). Measurements that fill tables analyse them after loading.
 */
export async function analyzeLoaded(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
    );
    for (const { relname } of rows) {
      const ident = client.escapeIdentifier(relname);
      const { rows: any } = await client.query(`SELECT 1 FROM ${ident} LIMIT 1`);
      if (any.length > 0) await client.query(`ANALYZE ${ident}`);
    }
  } finally {
    await client.end();
  }
}
