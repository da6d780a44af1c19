/** What PostgreSQL said about a failed statement, as Prisma passes it on from the pg driver adapter. */
export type DatabaseError = { code: string; message: string; detail?: string };

/**
 * The PostgreSQL error behind a Prisma error, or null. Model queries and raw queries report it differently:
 * raw ones (P2010) carry the driver adapter's error with the SQLSTATE in `originalCode`.
 */
export function databaseErrorOf(error: unknown): DatabaseError | null {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: Record<string, unknown> } } } | null)?.meta?.driverAdapterError?.cause;
  if (!cause || typeof cause.originalCode !== 'string') return null;
  return {
    code: cause.originalCode,
    message: String(cause.originalMessage ?? ''),
    detail: typeof cause.detail === 'string' ? cause.detail : undefined,
  };
}

/**
 * True for a unique-constraint violation: Prisma's P2002 from model queries, SQLSTATE 23505 from raw ones and from
 * plain statements (`sqlOf`), whose errors are pg's own.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'P2002' || code === '23505' || databaseErrorOf(error)?.code === '23505';
}
