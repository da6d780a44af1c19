import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { openSocket, userWithSession } from '../../helpers/live-helpers';

describe('the client heartbeat on the real WebSocket', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
  });
  afterAll(() => ctx.close());

  it('answers every ping with a pong of the same id, for visitors and signed-in shoppers alike, and stays open', async () => {
    const shopper = await userWithSession(ctx);
    for (const ws of [await openSocket(baseUrl), await openSocket(baseUrl, { cookie: shopper.cookie })]) {
      for (const id of [0, 1, 2, 41]) {
        ws.socket.send(JSON.stringify({ type: 'ping', id }));
        expect(await ws.next((m) => m.type === 'pong' && m.id === id, 2_000)).toEqual({ type: 'pong', id });
      }
      expect(ws.socket.readyState).toBe(ws.socket.OPEN);
      ws.close();
    }
  });

  it("answers a ping in any JSON spelling, not only the browser client's, and the largest safe ids", async () => {
    const ws = await openSocket(baseUrl);
    const spellings: [string, number][] = [
      ['{"id":3,"type":"ping"}', 3],
      [' { "type" : "ping", "id" : 4 } ', 4],
      ['{"type":"ping","id":999999999999999}', 999_999_999_999_999],
      ['{"type":"ping","id":1000000000000000}', 1_000_000_000_000_000],
      ['{"type":"ping","id":9007199254740991}', Number.MAX_SAFE_INTEGER],
    ];
    for (const [frame, id] of spellings) {
      ws.socket.send(frame);
      expect(await ws.next((m) => m.type === 'pong' && m.id === id, 2_000), frame).toEqual({ type: 'pong', id });
    }
    ws.close();
  });

  it('still closes a socket that sends anything but a well-formed ping', async () => {
    const frames: (string | Buffer)[] = [
      JSON.stringify({ type: 'ping' }),
      JSON.stringify({ type: 'ping', id: -1 }),
      JSON.stringify({ type: 'ping', id: 1.5 }),
      JSON.stringify({ type: 'pong', id: 1 }),
      JSON.stringify({ type: 'ping', id: 1, extra: 'x'.repeat(100) }),
      Buffer.from(JSON.stringify({ type: 'ping', id: 1 })),
      'ping',
      // Not JSON (a leading zero), and an id past the safe integers: the browser client's shape, but not a ping.
      '{"type":"ping","id":007}',
      '{"type":"ping","id":9007199254740992}',
    ];
    for (const frame of frames) {
      const ws = await openSocket(baseUrl);
      ws.socket.send(frame);
      expect((await ws.closed).code, String(frame)).toBe(4400);
      expect(ws.messages.some((m) => m.type === 'pong')).toBe(false);
    }
  });

  it('keeps the frame size limit for pings too', async () => {
    const ws = await openSocket(baseUrl);
    ws.socket.send(JSON.stringify({ type: 'ping', id: 1, padding: ' '.repeat(10_000) }));
    expect((await ws.closed).code).toBe(1009);
  });
});
