import { createHash } from 'node:crypto';
import { AppError } from '../../domain/errors';
import type { Redis } from '../../infra/redis';

export type LoginScope = 'user' | 'seller';
export type LoginAttempt = { ip: string; email: string };

export type LoginRateLimiterOptions = {
  /** Redis key prefix, so deployments and test files sharing one Redis never see each other's counters. */
  prefix: string;
  windowSeconds?: number;
  /** Failed logins allowed from one address per window (shared networks need some headroom). */
  maxPerIp?: number;
  /** Failed logins allowed for one email per window: this is what stops password guessing. */
  maxPerEmail?: number;
  /** A Redis answer slower than this counts as Redis being down. */
  redisTimeoutMs?: number;
};

type Window = { count: number; retryAfterSeconds: number };

/**
 * Fixed-window counters of failed logins, per IP and per email. Redis holds them so every API instance shares one
 * count; when Redis is unavailable the limiter fails open to a per-process in-memory window, so logins keep working
 * (and stay limited) during a Redis outage (DESIGN.md invariant 3: the API keeps working without Redis).
 */
export function createLoginRateLimiter(redis: Redis | undefined, options: LoginRateLimiterOptions) {
  const windowSeconds = options.windowSeconds ?? 15 * 60;
  const maxPerIp = options.maxPerIp ?? 50;
  const maxPerEmail = options.maxPerEmail ?? 5;
  const timeoutMs = options.redisTimeoutMs ?? 300;
  const memory = createMemoryWindows(windowSeconds);

  // Emails are hashed so the keys hold no personal data.
  const keysOf = (scope: LoginScope, attempt: LoginAttempt) => ({
    ip: `${options.prefix}:login:${scope}:ip:${attempt.ip}`,
    email: `${options.prefix}:login:${scope}:email:${createHash('sha256').update(attempt.email.toLowerCase()).digest('hex').slice(0, 32)}`,
  });

  /** Runs a Redis call, or the in-memory fallback when Redis is not connected, errors, or is too slow. */
  async function withFallback<T>(viaRedis: (r: Redis) => Promise<T>, viaMemory: () => T): Promise<T> {
    if (!redis || redis.status !== 'ready') return viaMemory();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        viaRedis(redis),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('redis timeout')), timeoutMs))),
      ]);
    } catch {
      return viaMemory();
    } finally {
      clearTimeout(timer);
    }
  }

  async function read(keys: string[]): Promise<Window[]> {
    return withFallback(
      async (r) => {
        const pipeline = r.multi();
        for (const key of keys) pipeline.get(key).ttl(key);
        const results = (await pipeline.exec()) ?? [];
        return keys.map((_, i) => ({
          count: Number(results[i * 2]?.[1] ?? 0),
          retryAfterSeconds: Math.max(1, Number(results[i * 2 + 1]?.[1] ?? windowSeconds)),
        }));
      },
      () => keys.map((key) => memory.read(key)),
    );
  }

  return {
    /** 429 with a Retry-After hint when this address or this email has failed too often in the current window. */
    async assertAllowed(scope: LoginScope, attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(scope, attempt);
      const [ip, email] = await read([keys.ip, keys.email]);
      const blocked = [ip && ip.count >= maxPerIp ? ip : null, email && email.count >= maxPerEmail ? email : null].filter((w) => w !== null);
      if (blocked.length === 0) return;
      const retryAfterSeconds = Math.max(...blocked.map((w) => w.retryAfterSeconds));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      throw new AppError('too_many', 'too_many_login_attempts', `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        retryAfterSeconds,
      });
    },

    async recordFailure(scope: LoginScope, attempt: LoginAttempt): Promise<void> {
      const { ip, email } = keysOf(scope, attempt);
      const keys = [ip, email];
      await withFallback(
        async (r) => {
          const pipeline = r.multi();
          // EXPIRE … NX starts the window at the first failure and never extends it: a fixed window.
          for (const key of keys) pipeline.incr(key).expire(key, windowSeconds, 'NX');
          await pipeline.exec();
        },
        () => keys.forEach((key) => memory.hit(key)),
      );
    },

    /** A successful login clears the email's count (not the address's: one address may be guessing many emails). */
    async reset(scope: LoginScope, attempt: LoginAttempt): Promise<void> {
      const key = keysOf(scope, attempt).email;
      memory.clear(key);
      await withFallback(
        async (r) => void (await r.del(key)),
        () => undefined,
      );
    },
  };
}
export type LoginRateLimiter = ReturnType<typeof createLoginRateLimiter>;

/** The fallback: same fixed windows in a Map, bounded so a flood of distinct keys cannot exhaust memory. */
function createMemoryWindows(windowSeconds: number, maxKeys = 10_000) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= Date.now()) windows.delete(key);
    return w && w.resetAt > Date.now() ? w : undefined;
  };
  return {
    read(key: string): Window {
      const w = live(key);
      return { count: w?.count ?? 0, retryAfterSeconds: w ? Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)) : windowSeconds };
    },
    hit(key: string): void {
      const w = live(key);
      if (w) return void w.count++;
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      windows.set(key, { count: 1, resetAt: Date.now() + windowSeconds * 1000 });
    },
    clear(key: string): void {
      windows.delete(key);
    },
  };
}
