/**
 * A short memory of sessions an API process has looked up, so a shopper's burst of requests (a page load makes
 * several) costs one database read instead of one each. An entry lives `cacheMs` at most and never past its
 * session's expiry; logging out forgets it at once in the process that handled it. A session revoked any other way
 * (another API process's logout, a change made directly in the database) is refused everywhere within `cacheMs`.
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
    get size(): number {
      return entries.size;
    },
  };
}
