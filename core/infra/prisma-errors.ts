/**
 * The SQLSTATE behind a failed query, wherever it came from: pg's own errors (plain statements, `sqlOf`) carry it as
 * `code`; Prisma's raw-query errors (P2010) carry it in the driver adapter's cause.
 */
function sqlStateOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }).meta?.driverAdapterError?.cause;
  return typeof cause?.originalCode === 'string' ? cause.originalCode : undefined;
}

/** True for a unique-constraint violation: Prisma's P2002 from model queries, SQLSTATE 23505 from anything else. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === 'P2002' || sqlStateOf(error) === '23505';
}
