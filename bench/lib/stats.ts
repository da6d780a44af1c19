/** Median, quartiles (nearest rank), min and max of a measurement repeated a few times. */
export type Spread = { median: number; q1: number; q3: number; min: number; max: number; n: number };

export function spread(values: number[]): Spread {
  // A run that produced no figure (NaN: e.g. no request completed) is left out rather than poisoning the sort; an
  // infinite one (a latency that never arrived) stays, as the worst.
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, q1: NaN, q3: NaN, min: NaN, max: NaN, n: 0 };
  return { median: percentile(sorted, 50), q1: percentile(sorted, 25), q3: percentile(sorted, 75), min: sorted[0]!, max: sorted.at(-1)!, n: sorted.length };
}

/** Nearest-rank percentile of an ascending list (p in 0..100); the median of an even list is the mean of the middle two. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  if (p === 50 && sorted.length % 2 === 0) return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** p50 and p99 of one run's latency samples (ms). */
export function latencySummary(samples: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

/** Runs `fn` over items with at most `limit` in flight, keeping the results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return results;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws with `what`). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await sleep(everyMs);
  }
}
