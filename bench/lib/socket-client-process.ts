import WebSocket from 'ws';

/**
 * A load-generator process that holds WebSockets for the bench (bench/lib/socket-fleet.ts starts several): one process
 * may hold at most ~19,900 sockets (its open-file limit), and each loopback source address at most ~28,000 connections
 * to one server, so the bench spreads its sockets over processes and over 127.0.0.x addresses. It reports, through
 * the IPC channel, when each `order.updated` reached one of its sockets and when a broadcast reached all of them, and
 * it can make its sockets to a server behave as visible pages do: ping once a second, as the browser client does.
 * Arrival times are epoch milliseconds (performance.timeOrigin + now), comparable across the machine's processes.
 */
type Command =
  | { op: 'open'; id: number; url: string; count: number; cookies: string[]; localAddresses: string[]; origin: string }
  | { op: 'expect'; id: number; url: string; marker: string; timeoutMs: number }
  | { op: 'ping'; id: number; url: string; seconds: number }
  | { op: 'cadences'; id: number; url: string }
  | { op: 'close'; id: number; url?: string }
  | { op: 'stats'; id: number };

/** `pingEveryMs`: the ping cadence the server last gave this socket (its hello, then any heartbeat message). */
type Held = { socket: WebSocket; url: string; pingEveryMs?: number };

const held = new Set<Held>();
const now = () => performance.timeOrigin + performance.now();
const ORDER_UPDATED = Buffer.from('"type":"order.updated"');
const PONG = Buffer.from('{"type":"pong"');
const HEARTBEAT = Buffer.from('{"type":"heartbeat"');
let pongs = 0;

/** The broadcasts being waited for, by server: the marker's bytes, and the arrivals so far. */
const expected = new Map<string, { marker: Buffer; count: number; first: number; last: number }>();
/** Arrivals of order.updated, sent to the bench in batches (the times are stamped on arrival, so batching adds nothing). */
let arrivals: [string, string, number][] = [];

function reply(message: object): void {
  process.send!(message);
}

function onMessage(raw: Buffer, entry: Held): void {
  if (raw.indexOf(PONG) === 0) {
    pongs++;
    return;
  }
  if (raw.indexOf(HEARTBEAT) === 0) {
    entry.pingEveryMs = (JSON.parse(String(raw)) as { pingEveryMs: number }).pingEveryMs;
    return;
  }
  const at = now();
  const wanted = expected.get(entry.url);
  if (wanted && raw.indexOf(wanted.marker) !== -1) {
    if (wanted.count++ === 0) wanted.first = at;
    wanted.last = at;
    return;
  }
  if (raw.indexOf(ORDER_UPDATED) !== -1) {
    const { order } = JSON.parse(String(raw)) as { order: { _id: string; status: string } };
    arrivals.push([order._id, order.status, at]);
  }
}

function open(url: string, cookie: string | undefined, localAddress: string, origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: { origin, ...(cookie ? { cookie } : {}) }, perMessageDeflate: false, localAddress });
    const entry: Held = { socket, url };
    const timer = setTimeout(() => {
      socket.terminate();
      resolve(false);
    }, 30_000);
    let greeted = false;
    socket.on('message', (raw: Buffer) => {
      if (!greeted) {
        // The first frame is the server's hello: the socket is registered from then on.
        greeted = true;
        entry.pingEveryMs = (JSON.parse(String(raw)) as { pingEveryMs?: number }).pingEveryMs;
        clearTimeout(timer);
        held.add(entry);
        resolve(true);
        return;
      }
      onMessage(raw, entry);
    });
    socket.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    socket.on('close', () => held.delete(entry));
  });
}

async function openMany(c: Extract<Command, { op: 'open' }>): Promise<{ opened: number; failed: number }> {
  let next = 0;
  let opened = 0;
  let failed = 0;
  const lane = async () => {
    while (next < c.count) {
      const i = next++;
      const ok = await open(c.url, c.cookies[i], c.localAddresses[i % c.localAddresses.length]!, c.origin);
      if (ok) opened++;
      else failed++;
    }
  };
  // A few handshakes at a time per process, as a crowd of browsers arriving would, not a burst of hundreds.
  await Promise.all(Array.from({ length: 16 }, lane));
  return { opened, failed };
}

/**
 * Every socket to `url` pings once a second for `seconds`, as a visible page of the store does (client/src/lib/
 * live-socket.ts: the same frame), the sockets' pings spread evenly over each second. Resolves with the pings sent
 * and the pongs that came back.
 */
async function pingFor(url: string, seconds: number): Promise<{ sent: number; pongs: number }> {
  const sockets = [...held].filter((h) => h.url === url).map((h) => h.socket);
  let sent = 0;
  let nextId = 0;
  pongs = 0;
  const timers = sockets.map((socket, i) =>
    setTimeout(() => {
      const ping = () => {
        if (socket.readyState !== WebSocket.OPEN) return;
        socket.send(JSON.stringify({ type: 'ping', id: nextId++ }));
        sent++;
      };
      ping();
      timers[i] = setInterval(ping, 1000);
    }, (i * 1000) / sockets.length),
  );
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const timer of timers) clearInterval(timer);
  // The last pongs are still on their way.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { sent, pongs };
}

async function closeAll(url?: string): Promise<number> {
  const closing = [...held].filter((h) => !url || h.url === url);
  await Promise.all(
    closing.map(
      (h) =>
        new Promise<void>((resolve) => {
          h.socket.once('close', () => resolve());
          h.socket.close();
          setTimeout(() => {
            h.socket.terminate();
            resolve();
          }, 3000).unref();
        }),
    ),
  );
  return closing.length;
}

setInterval(() => {
  if (arrivals.length === 0) return;
  reply({ op: 'arrivals', arrivals });
  arrivals = [];
}, 50);

process.on('message', (command: Command) => {
  void (async () => {
    switch (command.op) {
      case 'open':
        return reply({ op: 'done', id: command.id, ...(await openMany(command)) });
      case 'expect': {
        let mine = 0;
        for (const h of held) if (h.url === command.url) mine++;
        const wanted = { marker: Buffer.from(command.marker), count: 0, first: NaN, last: NaN };
        expected.set(command.url, wanted);
        reply({ op: 'ready', id: command.id });
        const deadline = now() + command.timeoutMs;
        while (wanted.count < mine && now() < deadline) await new Promise((r) => setTimeout(r, 5));
        expected.delete(command.url);
        return reply({ op: 'done', id: command.id, expected: mine, received: wanted.count, first: wanted.first, last: wanted.last });
      }
      case 'ping':
        return reply({ op: 'done', id: command.id, ...(await pingFor(command.url, command.seconds)) });
      case 'cadences': {
        const counts: Record<string, number> = {};
        for (const h of held) if (h.url === command.url) counts[String(h.pingEveryMs)] = (counts[String(h.pingEveryMs)] ?? 0) + 1;
        return reply({ op: 'done', id: command.id, counts });
      }
      case 'close':
        return reply({ op: 'done', id: command.id, closed: await closeAll(command.url) });
      case 'stats':
        return reply({ op: 'done', id: command.id, held: held.size });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
