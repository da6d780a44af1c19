import { createHash } from 'node:crypto';
import { tooMany } from '../../domain/errors';
import type { Redis } from '../../infra/redis';
import { clientKeyOf } from './client-address';
import { createLoginBudgetMemory } from './login-budget-memory';
import { decideLoginAttempt, type LoginBudgetLimits } from './login-budget';

export type LoginScope = 'user' | 'seller';
export type LoginAttempt = { ip: string; email: string };

export type LoginRateLimiterOptions = Partial<LoginBudgetLimits> & {
  /**
   * Start of the counters' keys (core/infra/redis.ts keyGroup: the deployment's prefix, so deployments and test files
   * sharing one Redis never see each other's counters; one hash slot on a cluster, since one script uses three of them).
   */
  keyGroup: string;
  /** A Redis answer slower than this counts as Redis being down. */
  redisTimeoutMs?: number;
};

export const DEFAULT_LOGIN_LIMITS: LoginBudgetLimits = {
  windowSeconds: 15 * 60,
  // Attempts one address may have in flight or failed for one account: a person mistyping gets five tries.
  maxPerPair: 5,
  // Attempts one address may make across all accounts (shared networks need headroom; a success gives its back).
  maxPerIp: 50,
  // Failures an account takes from everyone before clients that already failed on it must wait between tries.
  accountFreeFailures: 10,
  accountBackoffBaseMs: 1000,
  accountBackoffMaxMs: 15 * 60 * 1000,
};

/**
 * The decision of login-budget.ts as one Lua script, so Redis runs the read, the check and the take as a single
 * atomic step: parallel guesses cannot all read "4 failures so far" and all go ahead. Must match decideLoginAttempt.
 * KEYS: pair, ip, account. ARGV: now ms, then the limits in LoginBudgetLimits order.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local window, maxPair, maxIp = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local free, base, cap = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local ip = tonumber(redis.call('GET', KEYS[2]) or '0')
local function ttl(key)
  local t = redis.call('TTL', key)
  if t < 1 then return window end
  return t
end
if pair >= maxPair then return {0, ttl(KEYS[1])} end
if ip >= maxIp then return {0, ttl(KEYS[2])} end
if pair > 0 then
  local acct = redis.call('HMGET', KEYS[3], 'failures', 'last')
  local failures, last = tonumber(acct[1] or '0'), tonumber(acct[2] or '0')
  if failures >= free then
    local delay = math.min(cap, base * 2 ^ (failures - free))
    local wait = last + delay - now
    if wait > 0 then return {0, math.ceil(wait / 1000)} end
    -- Let through, this try holds the account: the wait runs again from now for the tries that come with it.
    redis.call('HSET', KEYS[3], 'last', now)
  end
end
-- The window starts at a key's first attempt. (EXPIRE's NX flag says the same, but only from Redis 7 on: on 6 the
-- call fails after the INCR, which a script does not undo, and leaves a counter that never expires.)
local function spend(key)
  redis.call('INCR', key)
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, window) end
end
spend(KEYS[1])
spend(KEYS[2])
return {1, 0}`;

/** A failed check: the account's failure count and time ('last') feed the backoff of clients that keep failing. */
const FAIL_SCRIPT = `
redis.call('HINCRBY', KEYS[1], 'failures', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`;

/** A success: this address's tries at this account are forgiven, and the attempt is given back to the address. */
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1])
local ip = tonumber(redis.call('GET', KEYS[2]) or '0')
if ip > 0 then redis.call('DECR', KEYS[2]) end
return 1`;

/**
 * The login budget (see login-budget.ts for the rules): `take` spends one attempt before the password is checked, so
 * N parallel guesses cost N; `failed` and `succeeded` settle it after the check. Redis holds the counters so every API
 * instance shares them; when Redis is unavailable the limiter falls back to the same rules in this process's memory,
 * so logins keep working (and stay limited) during a Redis outage (docs/architecture.md, invariant 3).
 */
export function createLoginRateLimiter(redis: Redis | undefined, options: LoginRateLimiterOptions) {
  const { keyGroup, redisTimeoutMs = 300, ...overrides } = options;
  const limits: LoginBudgetLimits = { ...DEFAULT_LOGIN_LIMITS, ...overrides };
  const memory = createLoginBudgetMemory(limits);

  // Emails are hashed so the keys hold no personal data; an IPv6 client is its whole /64 (client-address.ts).
  const keysOf = (scope: LoginScope, attempt: LoginAttempt) => {
    const account = createHash('sha256').update(attempt.email.toLowerCase()).digest('hex').slice(0, 32);
    const base = `${keyGroup}:${scope}`;
    const client = clientKeyOf(attempt.ip);
    return { pair: `${base}:pair:${client}:${account}`, ip: `${base}:ip:${client}`, account: `${base}:account:${account}` };
  };

  /** Runs a Redis call, or the in-memory fallback when Redis is not connected, errors, or is too slow. */
  async function withFallback<T>(viaRedis: (r: Redis) => Promise<T>, viaMemory: () => T): Promise<T> {
    if (!redis || redis.status !== 'ready') return viaMemory();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        viaRedis(redis),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('redis timeout')), redisTimeoutMs))),
      ]);
    } catch {
      return viaMemory();
    } finally {
      clearTimeout(timer);
    }
  }

  const limitArgs = [
    limits.windowSeconds,
    limits.maxPerPair,
    limits.maxPerIp,
    limits.accountFreeFailures,
    limits.accountBackoffBaseMs,
    limits.accountBackoffMaxMs,
  ];

  return {
    /** Spends one attempt, or throws 429 with a Retry-After hint when this client has no attempt left. */
    async take(scope: LoginScope, attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(scope, attempt);
      const now = Date.now();
      const retryAfterSeconds = await withFallback(
        async (r) => {
          const [allowed, retryAfter] = (await r.eval(TAKE_SCRIPT, 3, keys.pair, keys.ip, keys.account, now, ...limitArgs)) as [number, number];
          return allowed === 1 ? 0 : Math.max(1, retryAfter);
        },
        () => {
          const decision = decideLoginAttempt(memory.read(keys), limits, now);
          if (decision.allowed) memory.take(keys, decision.holdsAccount ? now : null);
          return decision.allowed ? 0 : decision.retryAfterSeconds;
        },
      );
      if (retryAfterSeconds > 0) throw tooMany('too_many_login_attempts', 'Too many failed login attempts', retryAfterSeconds);
    },

    async failed(scope: LoginScope, attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(scope, attempt);
      const now = Date.now();
      await withFallback(
        async (r) => void (await r.eval(FAIL_SCRIPT, 1, keys.account, now, limits.windowSeconds)),
        () => memory.fail(keys, now),
      );
    },

    async succeeded(scope: LoginScope, attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(scope, attempt);
      memory.succeed(keys);
      await withFallback(
        async (r) => void (await r.eval(SUCCESS_SCRIPT, 2, keys.pair, keys.ip)),
        () => undefined,
      );
    },
  };
}
export type LoginRateLimiter = ReturnType<typeof createLoginRateLimiter>;
