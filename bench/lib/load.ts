import autocannon, { type Options } from 'autocannon';

export type LoadResult = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number; statusCodes: Record<string, number> };

/** One autocannon run (the load generator runs in this process, sharing the machine's cores with the servers). */
export async function load(options: Options): Promise<LoadResult> {
  const result = await autocannon({ timeout: 30, ...options });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)])),
  };
}
