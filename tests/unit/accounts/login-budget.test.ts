import { describe, expect, it } from 'vitest';
import { decideLoginAttempt, type LoginBudgetState } from '../../../core/modules/accounts/login-budget';
import { DEFAULT_LOGIN_LIMITS as limits } from '../../../core/modules/accounts/login-rate-limiter';

const state = (over: { pair?: number; ip?: number; failures?: number; backoffFrom?: number } = {}): LoginBudgetState => ({
  pair: { count: over.pair ?? 0, ttlSeconds: 600 },
  ip: { count: over.ip ?? 0, ttlSeconds: 700 },
  account: { failures: over.failures ?? 0, backoffFrom: over.backoffFrom ?? 0 },
});

describe('decideLoginAttempt', () => {
  const now = 1_000_000;

  it('allows a fresh client', () => {
    expect(decideLoginAttempt(state(), limits, now)).toEqual({ allowed: true, holdsAccount: false });
  });

  it('refuses a client whose attempts at this account are spent, until its window ends', () => {
    expect(decideLoginAttempt(state({ pair: 5 }), limits, now)).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });

  it('refuses an address whose attempts across accounts are spent', () => {
    expect(decideLoginAttempt(state({ ip: 50 }), limits, now)).toEqual({ allowed: false, retryAfterSeconds: 700 });
  });

  it('never holds back a client that has not failed on the account, however attacked the account is', () => {
    expect(decideLoginAttempt(state({ failures: 10_000, backoffFrom: now }), limits, now)).toEqual({ allowed: true, holdsAccount: false });
  });

  it('makes a client that failed wait, doubling per failure past the free ones and capped', () => {
    expect(decideLoginAttempt(state({ pair: 1, failures: 9, backoffFrom: now }), limits, now)).toEqual({ allowed: true, holdsAccount: false });
    expect(decideLoginAttempt(state({ pair: 1, failures: 10, backoffFrom: now }), limits, now)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(decideLoginAttempt(state({ pair: 1, failures: 13, backoffFrom: now }), limits, now)).toEqual({ allowed: false, retryAfterSeconds: 8 });
    // Let through once the wait is over, the try holds the account: the wait runs again from it.
    expect(decideLoginAttempt(state({ pair: 1, failures: 13, backoffFrom: now - 8000 }), limits, now)).toEqual({ allowed: true, holdsAccount: true });
    expect(decideLoginAttempt(state({ pair: 1, failures: 60, backoffFrom: now }), limits, now)).toEqual({ allowed: false, retryAfterSeconds: 900 });
  });
});
