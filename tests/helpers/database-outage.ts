import pg from 'pg';
import { inject } from 'vitest';

/**
 * Makes a test file's database unreachable and back, as an outage looks to the app: new connections are refused and
 * the open ones are cut. Only that one database is touched; the shared server keeps running.
 */
export function databaseOutage(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  return {
    /** `spare`: backends (pg_backend_pid) of the test's own connections that must survive, to change data meanwhile. */
    async begin(spare: number[] = []): Promise<void> {
      if (!spare.every(Number.isInteger)) throw new Error('spare: backend pids only');
      const except = spare.map((pid) => ` AND pid <> ${pid}`).join('');
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()${except}`);
    },
    async end(): Promise<void> {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    },
  };
}
