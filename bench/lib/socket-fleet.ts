import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './processes';
import { ORIGIN } from './stack';

/**
 * Sockets held for real by several load-generator processes (socket-client-process.ts), each opening its share from
 * its own loopback source addresses. The bench's own process holds none, so its open-file limit is left for
 * HTTP. Linux routes all of 127.0.0.0/8 to the loopback interface, so 127.0.0.x needs no set-up.
 */
export type Arrival = { orderId: string; status: string; at: number };
export type BroadcastReceipt = { expected: number; received: number; first: number; last: number };

type Worker = { child: ChildProcess; addresses: string[]; pending: Map<number, (reply: any) => void> };

/** Sockets per load-generator process: below its 20,000 open files with room for its own needs. */
export const SOCKETS_PER_PROCESS = 9_500;

export function createSocketFleet(processes: number, onArrivals: (arrivals: Arrival[]) => void) {
  let nextId = 1;
  const workers: Worker[] = Array.from({ length: processes }, (_, p) => {
    const child = fork(path.join(ROOT, 'bench/lib/socket-client-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Four source addresses per process, none shared: 127.0.0.(10 + 4p) … (13 + 4p). A socket bound to an address takes
    // one of its ~28,000 ephemeral ports whatever the server, so 9,500 sockets over four stay far from running out.
    const addresses = Array.from({ length: 4 }, (_, a) => `127.0.0.${10 + p * 4 + a}`);
    const worker: Worker = { child, addresses, pending: new Map() };
    child.on('message', (message: any) => {
      if (message.op === 'arrivals') return onArrivals(message.arrivals.map(([orderId, status, at]: [string, string, number]) => ({ orderId, status, at })));
      const handler = worker.pending.get(message.id);
      worker.pending.delete(message.id);
      handler?.(message);
    });
    return worker;
  });
  const held = new Map<Worker, number>(workers.map((w) => [w, 0]));

  function ask<T>(worker: Worker, command: object, onReady?: () => void): Promise<T> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const exit = () => reject(new Error('a socket client process exited'));
      worker.child.once('exit', exit);
      worker.pending.set(id, (reply) => {
        if (reply.op === 'ready') {
          // The first answer of `expect`: the process is listening; the final one follows.
          worker.pending.set(id, (final) => {
            worker.child.off('exit', exit);
            resolve(final);
          });
          onReady?.();
          return;
        }
        worker.child.off('exit', exit);
        resolve(reply);
      });
      worker.child.send({ ...command, id });
    });
  }

  return {
    /**
     * Opens `count` sockets to `url`, the first `cookies.length` of them signed in with those cookies, spread evenly
     * over the processes that hold the fewest. Throws if any failed to open.
     */
    async open(url: string, count: number, cookies: string[] = []): Promise<void> {
      const shares = Array.from({ length: workers.length }, (_, i) => Math.floor(count / workers.length) + (i < count % workers.length ? 1 : 0));
      let cookieAt = 0;
      const results = await Promise.all(
        workers.map((worker, i) => {
          const share = shares[i]!;
          if (held.get(worker)! + share > SOCKETS_PER_PROCESS) throw new Error(`a socket client process would hold more than ${SOCKETS_PER_PROCESS} sockets`);
          const mine = cookies.slice(cookieAt, Math.min(cookies.length, cookieAt + share));
          cookieAt += mine.length;
          return ask<{ opened: number; failed: number }>(worker, {
            op: 'open',
            url,
            count: share,
            cookies: mine,
            localAddresses: worker.addresses,
            origin: ORIGIN,
          }).then((r) => {
            held.set(worker, held.get(worker)! + r.opened);
            return r;
          });
        }),
      );
      const failed = results.reduce((n, r) => n + r.failed, 0);
      if (failed > 0) throw new Error(`${failed} of ${count} sockets to ${url} failed to open`);
    },

    /**
     * Arms every process to wait for a broadcast carrying `marker` on its sockets to `url`, runs `send` once all are
     * listening, and resolves with the first and last arrival over all of them.
     */
    async broadcast(url: string, marker: string, send: () => Promise<void>, timeoutMs = 20_000): Promise<BroadcastReceipt> {
      let ready = 0;
      let fire!: () => void;
      const allReady = new Promise<void>((resolve) => (fire = resolve));
      const receipts = workers.map((w) =>
        ask<BroadcastReceipt>(w, { op: 'expect', url, marker, timeoutMs }, () => {
          if (++ready === workers.length) fire();
        }),
      );
      await allReady;
      await send();
      const all = await Promise.all(receipts);
      const got = all.filter((r) => r.received > 0);
      return {
        expected: all.reduce((n, r) => n + r.expected, 0),
        received: all.reduce((n, r) => n + r.received, 0),
        first: Math.min(...got.map((r) => r.first)),
        last: Math.max(...got.map((r) => r.last)),
      };
    },

    /** How many sockets to `url` the server last gave each ping cadence (ms), over all the processes. */
    async cadences(url: string): Promise<Map<number, number>> {
      const all = await Promise.all(workers.map((w) => ask<{ counts: Record<string, number> }>(w, { op: 'cadences', url })));
      const merged = new Map<number, number>();
      for (const { counts } of all) for (const [ms, n] of Object.entries(counts)) merged.set(Number(ms), (merged.get(Number(ms)) ?? 0) + n);
      return merged;
    },

    /** Every socket to `url` pings once a second for `seconds`, as visible pages do; the pings sent and pongs received. */
    async ping(url: string, seconds: number): Promise<{ sent: number; pongs: number }> {
      const all = await Promise.all(workers.map((w) => ask<{ sent: number; pongs: number }>(w, { op: 'ping', url, seconds })));
      return { sent: all.reduce((n, r) => n + r.sent, 0), pongs: all.reduce((n, r) => n + r.pongs, 0) };
    },

    async close(url?: string): Promise<void> {
      await Promise.all(workers.map((w) => ask<{ closed: number }>(w, { op: 'close', url }).then((r) => held.set(w, held.get(w)! - r.closed))));
    },

    held: () => [...held.values()].reduce((a, b) => a + b, 0),
    pids: () => workers.map((w) => w.child.pid!),

    stop(): void {
      for (const w of workers) w.child.kill('SIGKILL');
    },
  };
}
export type SocketFleet = ReturnType<typeof createSocketFleet>;
