import pg from 'pg';
import type { Logger } from '../../core/infra/logger';
import { OUTBOX_CHANNEL } from '../../core/infra/outbox-doorbell';
import { OUTBOX_LISTENER_NAME } from '../../core/modules/outbox/outbox-writer';

export type ListenerBackoff = { initialMs: number; maxMs: number };

const DEFAULT_BACKOFF: ListenerBackoff = { initialMs: 250, maxMs: 10_000 };

/**
 * The relay's LISTEN connection, kept open for as long as the relay runs: when it drops (database restart, network,
 * an operator ending it) it reconnects with doubling, jittered delays, for ever. Each loss and each recovery is
 * logged once, not every failed try. Meanwhile the relay's poll still moves events, about a second late.
 * `onRecovered` runs after every (re)connection, so rows committed while nobody listened are relayed at once.
 */
export function createOutboxListener(opts: {
  databaseUrl: string;
  logger: Logger;
  onNotify: () => void;
  onRecovered: () => void;
  backoff?: ListenerBackoff;
}) {
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  let current: pg.Client | undefined;
  let stopped = false;
  let lostAt: number | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.databaseUrl, application_name: OUTBOX_LISTENER_NAME, connectionTimeoutMillis: 5000 });
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      client.end().catch(() => {});
      if (current === client) {
        current = undefined;
        lost(err);
      }
    };
    client.on('notification', () => opts.onNotify());
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      dropped = true;
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await client.end().catch(() => {}));
    current = client;
  }

  function lost(err?: Error): void {
    if (stopped) return;
    if (lostAt === undefined) {
      lostAt = Date.now();
      opts.logger.warn({ err: err?.message }, 'relay: LISTEN connection lost; reconnecting (events move on the poll meanwhile)');
    }
    schedule();
  }

  function schedule(): void {
    clearTimeout(retry);
    const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures) * (0.8 + Math.random() * 0.4);
    failures++;
    retry = setTimeout(() => void attempt(), delay);
    retry.unref();
  }

  async function attempt(): Promise<void> {
    if (stopped) return;
    try {
      await connect();
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (lostAt !== undefined) {
      opts.logger.info({ downMs: Date.now() - lostAt, tries: failures }, 'relay: LISTEN connection restored');
      lostAt = undefined;
    }
    failures = 0;
    opts.onRecovered();
  }

  return {
    /** Connects once; if that fails, the relay starts anyway and keeps trying in the background. */
    start: attempt,
    get listening(): boolean {
      return current !== undefined;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
