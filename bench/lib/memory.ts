import path from 'node:path';
import { ROOT, rssBytes } from './processes';
import type { Api } from './stack';
import { sleep } from './stats';

/** Lets the bench ask an API process for a full garbage collection before reading its memory (gc-on-signal.mjs). */
export const GC_ON_SIGNAL = ['--expose-gc', '--import', path.join(ROOT, 'bench/lib/gc-on-signal.mjs')];

export type Memory = { rss: number; live: number };

/**
 * Memory after two full garbage collections (the second also frees what the first finalised): resident set size
 * from /proc, and the live JavaScript heap plus memory held outside it (buffers), as the process reports it.
 */
export async function settledMemory(api: Api): Promise<Memory> {
  for (let i = 0; i < 2; i++) {
    process.kill(api.child.pid, 'SIGUSR2');
    await sleep(700);
  }
  const line = api.child.output().split('\n').findLast((l) => l.startsWith('BENCH_MEMORY '));
  if (!line) throw new Error('the API process did not report its memory');
  const usage = JSON.parse(line.slice('BENCH_MEMORY '.length)) as NodeJS.MemoryUsage;
  return { rss: rssBytes(api.child.pid), live: usage.heapUsed + usage.external };
}
