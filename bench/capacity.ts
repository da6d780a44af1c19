import { rssBytes } from './lib/processes';
import { row, type Row } from './lib/report';
import { closeSockets, openIdleSockets } from './lib/sockets';
import type { Stack } from './lib/stack';
import { sleep } from './lib/stats';

const SECTION = 'Capacity';
const SOCKETS = 5000;
const RUNS = 3;
const GIB = 2 ** 30;

/**
 * Memory per idle WebSocket: a fresh API process's resident memory before and after 5,000 visitor sockets connect
 * (each identified and greeted by the hub), and from that the socket count that fits in 1 GiB of API memory.
 * Each run uses a new process so earlier sockets leave no garbage behind.
 */
export async function capacity(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  const before: number[] = [];
  const perSocket: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const api = await stack.startApi(`api-capacity-${i + 1}`);
    try {
      // Load the socket and catalogue code paths first, so the difference is sockets, not code being compiled.
      await closeSockets(await openIdleSockets(api.wsUrl, 50));
      await fetch(`${api.url}/api/product/list`).then((r) => r.text());
      await sleep(1500);
      const rssBefore = rssBytes(api.child.pid);
      const sockets = await openIdleSockets(api.wsUrl, SOCKETS);
      await sleep(2000);
      const rssAfter = rssBytes(api.child.pid);
      await closeSockets(sockets);
      before.push(rssBefore);
      perSocket.push((rssAfter - rssBefore) / SOCKETS);
      log(`  run ${i + 1}: RSS ${(rssBefore / 2 ** 20).toFixed(0)} MiB → ${(rssAfter / 2 ** 20).toFixed(0)} MiB with ${SOCKETS} sockets: ${(perSocket[i]! / 1024).toFixed(1)} KB per socket`);
    } finally {
      await api.stop();
    }
  }
  return [
    row({ section: SECTION, name: 'API process RSS, idle (no sockets)', unit: 'MiB', runs: before.map((b) => b / 2 ** 20) }),
    row({ section: SECTION, name: `memory per idle WebSocket (RSS growth / ${SOCKETS.toLocaleString('en-US')})`, unit: 'KB', runs: perSocket.map((p) => p / 1024) }),
    row({
      section: SECTION,
      name: 'idle WebSockets within 1 GiB of API memory (extrapolated)',
      unit: 'sockets',
      runs: perSocket.map((p, i) => Math.floor((GIB - before[i]!) / p)),
    }),
  ];
}
