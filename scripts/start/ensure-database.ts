import path from 'node:path';
import pg from 'pg';
import { StartError, messageOf } from './lifecycle';
import { lastLines, runQuiet } from './run-quiet';

/** Creates the database named in the URL if it does not exist yet. Returns whether it did. */
export async function ensureDatabaseExists(databaseUrl: string): Promise<boolean> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  // Connecting to the database itself first also works for a user who may not reach the `postgres` database.
  const probe = await connect(databaseUrl).catch((error: { code?: string }) => error);
  if (probe instanceof pg.Client) {
    await probe.end();
    return false;
  }
  if (probe.code !== '3D000') throw new StartError(`Could not connect to PostgreSQL: ${messageOf(probe)}`);

  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = await connect(adminUrl.toString()).catch((error: unknown) => {
    throw new StartError(`Database "${name}" does not exist, and connecting to the postgres database to create it failed: ${messageOf(error)}`);
  });
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    return true;
  } catch (error) {
    // Another process created it in the meantime: fine.
    if ((error as { code?: string }).code === '42P04') return false;
    throw new StartError(`Could not create database "${name}": ${messageOf(error)}`);
  } finally {
    await admin.end();
  }
}

/** `prisma migrate deploy` through the offline-capable wrapper; its output is shown only if it fails. */
export async function applyMigrations(root: string, databaseUrl: string): Promise<void> {
  const { code, output } = await runQuiet(process.execPath, [path.join(root, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (code !== 0) throw new StartError(`Applying the database migrations failed (node scripts/prisma.mjs migrate deploy):\n${lastLines(output, 30)}`);
  if (!output.includes('No pending migrations')) console.log('Database migrations applied.');
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}
