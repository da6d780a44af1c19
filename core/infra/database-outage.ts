import type { Logger } from './logger';
import { createOutageLog } from './outage-log';
import { poolOf, type Db } from './prisma';

/** Driver-adapter failure kinds that mean "the database cannot be reached", not "the query was wrong". */
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma's codes for the same: server unreachable, timed out, connection closed, no pool connection in time. */
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** Node socket errors met by the plain-statement path (`sqlOf`), which talks to the pool directly. */
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
/** SQLSTATEs of a server going away or refusing connections: class 08, shutdowns, "cannot connect now", too many. */
const UNREACHABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };

/** True when `error` (or what caused it) says PostgreSQL is out of reach, so the request may succeed later. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as ErrorLike, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_PRISMA_CODES.has(code) || UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATES.test(code)) return true;
    const kind = e.meta?.driverAdapterError?.cause?.kind;
    if (typeof kind === 'string' && UNREACHABLE_KINDS.has(kind)) return true;
    if (typeof (e as { kind?: unknown }).kind === 'string' && UNREACHABLE_KINDS.has((e as { kind: string }).kind)) return true;
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/.test(e.message)) return true;
  }
  return false;
}

export type DatabaseOutage = { failed(error: unknown): void };

/**
 * One warn line when PostgreSQL becomes unreachable and one info line when a connection succeeds again, instead of
 * an error with a stack for every request in between. Requests report failures; the pool reports recovery.
 */
export function watchDatabase(db: Db, logger: Pick<Logger, 'warn' | 'info' | 'debug'>): DatabaseOutage {
  const outage = createOutageLog(logger, 'PostgreSQL');
  const pool = poolOf(db);
  pool?.on('error', (error) => outage.failed(error));
  pool?.on('connect', () => outage.recovered());
  return { failed: (error) => outage.failed(error instanceof Error ? error : String(error)) };
}
