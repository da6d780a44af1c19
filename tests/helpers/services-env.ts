/**
 * Where the test services are. By default the machine's own PostgreSQL and Redis; with TESTCONTAINERS=1 and a Docker
 * engine, global-setup starts containers and passes their addresses through vitest's `provide`.
 */
export const DEFAULT_ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    redisUrl: string;
    templateDatabase: string;
  }
}

/**
 * Test suites hash thousands of passwords: they configure a cheaper scrypt cost through the same variable production
 * reads (PASSWORD_SCRYPT_LOG2_N). The production default is asserted in tests/unit/accounts/password.test.ts.
 */
export const TEST_PASSWORD_COST = { PASSWORD_SCRYPT_LOG2_N: '12' } as const;

/** Test files make many calls from one address; the request-rate limits get their own test with low values. */
export const TEST_RATE_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000' } as const;
