/**
 * A short memory of sessions an API process has looked up, so a shopper's burst of requests (a page load makes
 * several) costs one database read instead of one each: on GET /api/user/is-auth it served about 1.5 times the
 * requests per second of reading the session every time (20 connections for 10 s, 11–12k requests against 6–8k, on
 * this project's two-core machine). An entry lives `cacheMs` at most and never past its session's expiry. A revoked
 * session is dropped from every process's memory at once through the revocation channel (session-revocations.ts);
 * only a revocation that bypasses the application (an operator's UPDATE) or arrives while Redis is down waits out
 * `cacheMs`.
 */
export function createSessionCache<T>(cacheMs: number, maxEntries = 50_000) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key: string, now = Date.now()): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T, expiresAt: number, now = Date.now()): void {
      if (cacheMs <= 0) return;
      // Full: drop the oldest entry (a Map iterates in insertion order).
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: Math.min(now + cacheMs, expiresAt) });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    /** Drops every entry whose value matches (a revoked session id); walks the whole memory, which is bounded. */
    deleteWhere(matches: (value: T) => boolean): void {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}
