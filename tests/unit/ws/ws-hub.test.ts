import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createWsHub, type SocketIdentity } from '../../../server/ws/ws-hub';

/** A ws server whose sockets join `hub`, and `count` silent client sockets counting the pings they get. */
async function connected(hub: ReturnType<typeof createWsHub>, count: number, opts: { autoPong: boolean; identity?: SocketIdentity; deflate?: boolean }) {
  const before = hub.size();
  // `deflate`: permessage-deflate on every message, however small (the product's server never offers it).
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: opts.deflate ? { threshold: 0 } : false });
  server.on('connection', (socket, request) => hub.add(socket, { ...opts.identity }, request.socket));
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const peers = await Promise.all(
    Array.from({ length: count }, async () => {
      const socket = new WebSocket(url, { autoPong: opts.autoPong });
      const peer = { socket, pings: 0, received: [] as string[] };
      socket.on('ping', () => peer.pings++);
      socket.on('message', (data) => peer.received.push(String(data)));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return peer;
    }),
  );
  await until(() => hub.size() === before + count);
  cleanups.push(() => {
    for (const p of peers) p.socket.terminate();
    server.close();
  });
  return { server, peers };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Every server and client socket a test opened, closed after it. */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('the heartbeat sweep', () => {
  it('pings in slices, letting the event loop run between them, and reaches every silent socket once', async () => {
    const hub = createWsHub({ sweepSlice: 2 });
    const { peers } = await connected(hub, 5, { autoPong: true });
    // Sockets are "heard" as they join: the first sweep only marks them silent.
    await hub.sweep();
    let ticks = 0;
    const counting = setImmediate(function tick() {
      ticks++;
    });
    const sweep = hub.sweep();
    await sweep;
    clearImmediate(counting);
    expect(ticks).toBeGreaterThan(0);
    await until(() => peers.every((p) => p.pings === 1));
    expect(hub.size()).toBe(5);
  });

  it('spreads its slices over the time it is given, pinging each silent socket once', async () => {
    const hub = createWsHub({ sweepSlice: 2 });
    const { peers } = await connected(hub, 6, { autoPong: true });
    await hub.sweep();
    // Three slices over 300 ms: a slice, then one every 100 ms.
    const pingedAt: number[] = [];
    for (const p of peers) p.socket.on('ping', () => pingedAt.push(performance.now()));
    const started = performance.now();
    await hub.sweep(300);
    await until(() => pingedAt.length === 6);
    const offsets = pingedAt.map((t) => t - started).sort((a, b) => a - b);
    expect(offsets[1]).toBeLessThan(80);
    expect(offsets[2]).toBeGreaterThanOrEqual(90);
    expect(offsets[4]).toBeGreaterThanOrEqual(190);
    expect(peers.map((p) => p.pings)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('is not run twice at once: a beat during a sweep joins it', async () => {
    const hub = createWsHub({ sweepSlice: 1 });
    const { peers } = await connected(hub, 3, { autoPong: true });
    await hub.sweep();
    const first = hub.sweep();
    expect(hub.sweep()).toBe(first);
    await first;
    await until(() => peers.every((p) => p.pings === 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(peers.map((p) => p.pings)).toEqual([1, 1, 1]);
  });

  it('ends the sockets that did not answer the last ping, and keeps those that did', async () => {
    const hub = createWsHub({ sweepSlice: 2 });
    const answering = await connected(hub, 2, { autoPong: true });
    const vanished = await connected(hub, 3, { autoPong: false });
    await hub.sweep();
    await hub.sweep();
    await until(() => [...answering.peers, ...vanished.peers].every((p) => p.pings === 1));
    await new Promise((r) => setTimeout(r, 50)); // the pongs of the answering ones arrive
    await hub.sweep();
    expect(hub.size()).toBe(2);
    await until(() => vanished.peers.every((p) => p.socket.readyState === WebSocket.CLOSED));
    expect(answering.peers.every((p) => p.socket.readyState === WebSocket.OPEN)).toBe(true);
  });
});

describe('a silent socket that answers', () => {
  it('is pinged every other beat: its pong counts as heard at the next sweep', async () => {
    const hub = createWsHub({ sweepSlice: 4 });
    const { peers } = await connected(hub, 2, { autoPong: true });
    const pingsAfter = async () => {
      await hub.sweep();
      await new Promise((r) => setTimeout(r, 50)); // any pong comes back
      return peers.map((p) => p.pings);
    };
    // Heard as they joined, then pinged, then known alive by their pongs, then pinged again.
    expect([await pingsAfter(), await pingsAfter(), await pingsAfter(), await pingsAfter()]).toEqual([
      [0, 0],
      [1, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(hub.size()).toBe(2);
  });
});

describe('whether a message reaches anyone here', () => {
  it('answers from the indexes: a shopper, a store, the operator, everyone', async () => {
    const hub = createWsHub();
    expect(hub.reaches({ kind: 'everyone' })).toBe(false);
    const shopper = await connected(hub, 1, { autoPong: true, identity: { userId: 'u1', userSessionId: 's1' } });
    await connected(hub, 1, { autoPong: true, identity: { sellerId: 'store1', sellerSessionId: 's2' } });
    expect(hub.reaches({ kind: 'everyone' })).toBe(true);
    expect(hub.reaches({ kind: 'user', userId: 'u1' })).toBe(true);
    expect(hub.reaches({ kind: 'user', userId: 'u2' })).toBe(false);
    expect(hub.reaches({ kind: 'store', sellerId: 'store1' })).toBe(true);
    expect(hub.reaches({ kind: 'store', sellerId: 'store2' })).toBe(false);
    expect(hub.reaches({ kind: 'operators' })).toBe(false);
    expect(hub.reaches({ kind: 'order', userId: 'u2', sellerId: 'store1' })).toBe(true);
    expect(hub.reaches({ kind: 'order', userId: 'u2', sellerId: 'store2' })).toBe(false);
    // The shopper leaves: nobody of theirs is here any more.
    shopper.peers[0]!.socket.close();
    await until(() => hub.size() === 1);
    expect(hub.reaches({ kind: 'user', userId: 'u1' })).toBe(false);
  });
});

describe('a delivery', () => {
  it('keeps its place behind what ws is still compressing on a socket that negotiated permessage-deflate', async () => {
    const hub = createWsHub();
    const { peers } = await connected(hub, 1, { autoPong: true, deflate: true });
    expect(peers[0]!.socket.extensions).toContain('permessage-deflate');
    const [client] = hub.clients();
    // ws compresses this one on zlib's thread pool and queues every later frame of the socket behind it; a frame
    // written straight to the TCP stream meanwhile would overtake it.
    hub.send(client!, { type: 'product.removed', productId: 'first'.repeat(5_000), version: 1 });
    expect(hub.deliver({ audience: { kind: 'everyone' }, message: { type: 'product.removed', productId: 'second', version: 1 } })).toBe(1);
    await until(() => peers[0]!.received.length === 2);
    expect(peers[0]!.received.map((text) => (JSON.parse(text) as { productId: string }).productId.slice(0, 6))).toEqual(['firstf', 'second']);
  });
});
