import path from 'node:path';
import { ROOT, rssBytes } from './lib/processes';
import { row, type Row } from './lib/report';
import { closeSockets, openIdleSockets } from './lib/sockets';
import type { Api, Stack } from './lib/stack';
import { sleep } from './lib/stats';

const SECTION = 'Capacity';
const SOCKETS = 5000;
const RUNS = 3;
const GIB = 2 ** 30;
/** Lets the bench ask the API process for a full garbage collection before reading its memory. */
const GC_ON_SIGNAL = ['--expose-gc', '--import', path.join(ROOT, 'bench/lib/gc-on-signal.mjs')];

type Memory = { rss: number; live: number };

/**
 * Memory after two full garbage collections (the second also frees what the first finalised): resident set size
 * from /proc, and the live JavaScript heap plus memory held outside it (buffers), as the process reports it.
 */
async function settledMemory(api: Api): Promise<Memory> {
  for (let i = 0; i < 2; i++) {
    process.kill(api.child.pid, 'SIGUSR2');
    await sleep(500);
  }
  const line = api.child.output().split('\n').findLast((l) => l.startsWith('BENCH_MEMORY '));
  if (!line) throw new Error('the API process did not report its memory');
  const usage = JSON.parse(line.slice('BENCH_MEMORY '.length)) as NodeJS.MemoryUsage;
  return { rss: rssBytes(api.child.pid), live: usage.heapUsed + usage.external };
}

/**
 * Memory per idle WebSocket: a fresh API process's memory before and after 5,000 visitor sockets connect (each
 * identified and greeted by the hub), both read after full garbage collections, and from that the socket count that
 * fits in 1 GiB of API memory. RSS is what the machine pays, but freed garbage that the allocator keeps resident
 * blurs it; the live heap + external figure is the steadier one. The extrapolation uses the larger of the two.
 * Each run uses a new process so earlier sockets leave nothing behind.
 */
export async function capacity(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  const idle: Memory[] = [];
  const rssPerSocket: number[] = [];
  const livePerSocket: number[] = [];
  // Fresh processes for every run, started together to save time; measured one after the other.
  const apis = await Promise.all(Array.from({ length: RUNS }, (_, i) => stack.startApi(`api-capacity-${i + 1}`, GC_ON_SIGNAL)));
  try {
    for (const [i, api] of apis.entries()) {
      // Load the socket and catalogue code paths first, so the difference is sockets, not code being compiled.
      await closeSockets(await openIdleSockets(api.wsUrl, 50));
      await fetch(`${api.url}/api/product/list`).then((r) => r.text());
      const before = await settledMemory(api);
      const sockets = await openIdleSockets(api.wsUrl, SOCKETS);
      const after = await settledMemory(api);
      await closeSockets(sockets);
      await api.stop();
      idle.push(before);
      rssPerSocket.push((after.rss - before.rss) / SOCKETS);
      livePerSocket.push((after.live - before.live) / SOCKETS);
      const mib = (n: number) => (n / 2 ** 20).toFixed(0);
      log(
        `  run ${i + 1}: RSS ${mib(before.rss)} → ${mib(after.rss)} MiB, live heap + external ${mib(before.live)} → ${mib(after.live)} MiB ` +
          `with ${SOCKETS} sockets: ${(rssPerSocket[i]! / 1024).toFixed(1)} / ${(livePerSocket[i]! / 1024).toFixed(1)} KB per socket`,
      );
    }
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
  }
  const kb = (values: number[]) => values.map((v) => v / 1024);
  return [
    row({ section: SECTION, name: 'API process RSS, idle (no sockets)', unit: 'MiB', runs: idle.map((m) => m.rss / 2 ** 20) }),
    row({ section: SECTION, name: `memory per idle WebSocket, RSS growth / ${SOCKETS.toLocaleString('en-US')}`, unit: 'KB', runs: kb(rssPerSocket) }),
    row({ section: SECTION, name: `memory per idle WebSocket, live heap + external growth / ${SOCKETS.toLocaleString('en-US')}`, unit: 'KB', runs: kb(livePerSocket) }),
    row({
      section: SECTION,
      name: 'idle WebSockets within 1 GiB of API memory (extrapolated)',
      unit: 'sockets',
      runs: idle.map((m, i) => Math.floor((GIB - m.rss) / Math.max(rssPerSocket[i]!, livePerSocket[i]!))),
    }),
  ];
}
