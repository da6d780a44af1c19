/**
 * The rules of the login budget, as a pure function (the Redis script in login-rate-limiter.ts does the same):
 *
 * - A client (address) has `maxPerPair` attempts per window at one account, spent before the password is checked and
 *   given back only by a success. This is what stops one client guessing, and what it stops is only that client.
 * - A client has `maxPerIp` attempts per window across all accounts, against one address guessing many emails.
 * - An account that has failed `accountFreeFailures` times in the window (from anyone) makes clients that have
 *   already failed on it wait between tries, doubling per failure up to `accountBackoffMaxMs`: the slower, distributed
 *   defence. The wait runs from the account's last failure, or from the last try it let through: that try holds the
 *   account, so tries fired together the moment a wait ends (from as many addresses as the attacker has) get one of
 *   them checked, not all. A client that has not failed on the account is never held back by it, so nobody can lock
 *   someone else out by failing on their email: the right password from a fresh client always gets checked.
 */
export type LoginBudgetLimits = {
  windowSeconds: number;
  maxPerPair: number;
  maxPerIp: number;
  accountFreeFailures: number;
  accountBackoffBaseMs: number;
  accountBackoffMaxMs: number;
};

export type LoginBudgetState = {
  pair: { count: number; ttlSeconds: number };
  ip: { count: number; ttlSeconds: number };
  /** `backoffFrom`: the last failure, or the last try the backoff let through (ms since the epoch). */
  account: { failures: number; backoffFrom: number };
};

/** `holdsAccount`: the try was let through by the backoff, so the account's wait runs again from now. */
export type LoginDecision = { allowed: true; holdsAccount: boolean } | { allowed: false; retryAfterSeconds: number };

export function decideLoginAttempt(state: LoginBudgetState, limits: LoginBudgetLimits, now: number): LoginDecision {
  const ttl = (t: number) => (t < 1 ? limits.windowSeconds : t);
  if (state.pair.count >= limits.maxPerPair) return { allowed: false, retryAfterSeconds: ttl(state.pair.ttlSeconds) };
  if (state.ip.count >= limits.maxPerIp) return { allowed: false, retryAfterSeconds: ttl(state.ip.ttlSeconds) };
  const backingOff = state.pair.count > 0 && state.account.failures >= limits.accountFreeFailures;
  if (backingOff) {
    const delay = Math.min(limits.accountBackoffMaxMs, limits.accountBackoffBaseMs * 2 ** (state.account.failures - limits.accountFreeFailures));
    const wait = state.account.backoffFrom + delay - now;
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }
  return { allowed: true, holdsAccount: backingOff };
}
