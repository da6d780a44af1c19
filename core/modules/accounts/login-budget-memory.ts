import type { LoginBudgetLimits, LoginBudgetState } from './login-budget';

type Counter = { count: number; resetAt: number };
type Keys = { pair: string; ip: string; account: string };

/**
 * The login budget's counters in this process's memory, for while Redis is unreachable. Node runs one callback at a
 * time, so a read followed by a take without an await between them is as atomic here as the Lua script is in Redis.
 * Bounded, so a flood of distinct keys cannot exhaust memory.
 */
export function createLoginBudgetMemory(limits: LoginBudgetLimits, maxKeys = 10_000) {
  const counters = new Map<string, Counter>();
  const accounts = new Map<string, { failures: number; backoffFrom: number; resetAt: number }>();
  const windowMs = limits.windowSeconds * 1000;

  function live<T extends { resetAt: number }>(map: Map<string, T>, key: string): T | undefined {
    const entry = map.get(key);
    if (entry && entry.resetAt <= Date.now()) map.delete(key);
    return entry && entry.resetAt > Date.now() ? entry : undefined;
  }
  function put<T>(map: Map<string, T>, key: string, value: T): void {
    if (!map.has(key) && map.size >= maxKeys) map.delete(map.keys().next().value!);
    map.set(key, value);
  }
  const counterState = (key: string) => {
    const c = live(counters, key);
    return { count: c?.count ?? 0, ttlSeconds: c ? Math.ceil((c.resetAt - Date.now()) / 1000) : 0 };
  };
  const bump = (key: string, by: number) => {
    const c = live(counters, key);
    if (c) c.count = Math.max(0, c.count + by);
    else if (by > 0) put(counters, key, { count: by, resetAt: Date.now() + windowMs });
  };

  return {
    read(keys: Keys): LoginBudgetState {
      const account = live(accounts, keys.account);
      return {
        pair: counterState(keys.pair),
        ip: counterState(keys.ip),
        account: { failures: account?.failures ?? 0, backoffFrom: account?.backoffFrom ?? 0 },
      };
    },
    /** `holdsAccountAt`: the backoff let this try through, and runs again from then (login-budget.ts). */
    take(keys: Keys, holdsAccountAt: number | null): void {
      bump(keys.pair, 1);
      bump(keys.ip, 1);
      if (holdsAccountAt === null) return;
      const account = live(accounts, keys.account);
      if (account) account.backoffFrom = holdsAccountAt;
    },
    fail(keys: Keys, now: number): void {
      const account = live(accounts, keys.account);
      put(accounts, keys.account, { failures: (account?.failures ?? 0) + 1, backoffFrom: now, resetAt: now + windowMs });
    },
    succeed(keys: Keys): void {
      counters.delete(keys.pair);
      bump(keys.ip, -1);
    },
  };
}
