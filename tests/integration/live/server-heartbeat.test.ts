import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestContext, type TestContext } from '../../helpers/build-app';

const BEAT_MS = 100;

/** A raw socket that counts the server's pings; `autoPong: false` plays a peer that vanished without a close. */
async function rawSocket(baseUrl: string, opts: { autoPong: boolean }) {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/ws', { headers: { origin: 'http://localhost:3000' }, autoPong: opts.autoPong });
  let pings = 0;
  socket.on('ping', () => pings++);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, pings: () => pings };
}

async function until(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the server heartbeat', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await buildTestContext({ WS_HEARTBEAT_MS: String(BEAT_MS) });
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.close());

  it('pings a silent socket and keeps it while it answers', async () => {
    const peer = await rawSocket(baseUrl, { autoPong: true });
    await until('three pings', () => peer.pings() >= 3);
    expect(peer.socket.readyState).toBe(WebSocket.OPEN);
    peer.socket.close();
  });

  it('ends a socket whose peer stopped answering', async () => {
    const peer = await rawSocket(baseUrl, { autoPong: false });
    await until('the socket to be ended', () => peer.socket.readyState === WebSocket.CLOSED);
    expect(peer.pings()).toBeGreaterThanOrEqual(1);
    await peer.closed;
  });

  it('does not ping a socket that keeps talking, as the browser client does, and keeps it open', async () => {
    const peer = await rawSocket(baseUrl, { autoPong: false });
    let id = 0;
    const talking = setInterval(() => peer.socket.send(JSON.stringify({ type: 'ping', id: id++ })), BEAT_MS / 4);
    try {
      await new Promise((r) => setTimeout(r, BEAT_MS * 6));
      expect(peer.socket.readyState).toBe(WebSocket.OPEN);
      expect(peer.pings()).toBe(0);
    } finally {
      clearInterval(talking);
    }
    // Silent from now on and not answering: pinged, then ended.
    await until('the socket to be ended', () => peer.socket.readyState === WebSocket.CLOSED);
    expect(peer.pings()).toBeGreaterThanOrEqual(1);
  });
});
