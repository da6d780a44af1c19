import path from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres';
import { messageOf } from './lifecycle';
import { addressOf, answers, formatAddress } from './net';
import { serviceMissing } from './service-missing';

export type PostgresInUse = { databaseUrl: string; stop?: (hurry?: boolean) => Promise<void> };

/**
 * The configured PostgreSQL if it answers; else, when DATABASE_URL was not set explicitly, an embedded one with its
 * data in `dataDir`; else a StartError saying what is missing, where, and how to start it.
 */
export async function ensurePostgres(
  databaseUrl: string,
  options: { explicit: boolean; always: boolean; dataDir: string },
): Promise<PostgresInUse> {
  const address = addressOf(databaseUrl, 5432);
  if ((options.explicit || !options.always) && (await answers(address))) return { databaseUrl };
  if (options.explicit) throw serviceMissing('PostgreSQL', address, options, 'DATABASE_URL is set, so no embedded PostgreSQL is started.');

  const started = performance.now();
  let embedded;
  try {
    embedded = await startEmbeddedPostgres(options.dataDir);
  } catch (error) {
    throw serviceMissing('PostgreSQL', address, options, `The embedded PostgreSQL could not start either: ${messageOf(error)}`);
  }
  const url = new URL(databaseUrl);
  const embeddedUrl = `postgresql://postgres@127.0.0.1:${embedded.port}${url.pathname}`;
  const data = path.relative(process.cwd(), options.dataDir) || options.dataDir;
  const why = options.always ? 'EMBEDDED_SERVICES=always' : `nothing answers at ${formatAddress(address)}`;
  console.log(
    `PostgreSQL: ${why}, so an embedded PostgreSQL runs on 127.0.0.1:${embedded.port} ` +
      `(data in ${data}${embedded.created ? ', created now' : ''}; up in ${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  if (embedded.adopted) {
    console.log(`PostgreSQL: the embedded server an earlier run left running (pid ${embedded.adopted}, not stopped cleanly) was adopted; it stops with this run.`);
  }
  return { databaseUrl: embeddedUrl, stop: embedded.stop };
}
