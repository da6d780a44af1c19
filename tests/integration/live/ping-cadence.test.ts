import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { openSocket, type LiveSocket } from '../../helpers/live-helpers';

describe("the hello's ping cadence on the real WebSocket", () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    // A process that answers two pings a second in all: its third page is asked to ping every two seconds. It beats
    // five times a second, so the cadence is worked out again often.
    ctx = await buildTestContext({ WS_CLIENT_PINGS_PER_SECOND: '2', WS_HEARTBEAT_MS: '200' });
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx.close();
  });

  it('asks each page for a ping a second until the process holds its budget of sockets, then for fewer', async () => {
    for (let i = 0; i < 3; i++) sockets.push(await openSocket(baseUrl));
    const hellos = sockets.map((s) => s.messages.find((m) => m.type === 'hello'));
    expect(hellos.map((h) => h?.type === 'hello' && h.pingEveryMs)).toEqual([1_000, 1_000, 2_000]);
  });

  it('tells every page, the earlier ones too, when the cadence changes as the process fills and empties', async () => {
    for (const page of sockets) expect(await page.next((m) => m.type === 'heartbeat', 2_000)).toEqual({ type: 'heartbeat', pingEveryMs: 2_000 });
    const [kept, ...leaving] = sockets.splice(0);
    for (const page of leaving) page.close();
    sockets.push(kept!);
    expect(await kept!.next((m) => m.type === 'heartbeat' && m.pingEveryMs === 1_000, 2_000)).toEqual({ type: 'heartbeat', pingEveryMs: 1_000 });
  });

  it('answers pings at whatever cadence a page keeps', async () => {
    const [slow] = sockets.slice(-1);
    slow!.socket.send(JSON.stringify({ type: 'ping', id: 7 }));
    expect(await slow!.next((m) => m.type === 'pong' && m.id === 7, 2_000)).toEqual({ type: 'pong', id: 7 });
  });
});

describe('a process that fills between two beats', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    // The same budget of two pings a second, but a beat a minute long: nothing here waits for a beat.
    ctx = await buildTestContext({ WS_CLIENT_PINGS_PER_SECOND: '2', WS_HEARTBEAT_MS: '60000' });
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx.close();
  });

  it('asks its earlier pages to ping less within a second or so, and to ping more only at its next beat', async () => {
    for (let i = 0; i < 3; i++) sockets.push(await openSocket(baseUrl));
    const [first, second] = sockets;
    for (const page of [first!, second!]) expect(await page.next((m) => m.type === 'heartbeat', 2_500)).toEqual({ type: 'heartbeat', pingEveryMs: 2_000 });

    for (const page of sockets.splice(1)) page.close();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(first!.messages.filter((m) => m.type === 'heartbeat')).toEqual([{ type: 'heartbeat', pingEveryMs: 2_000 }]);
    sockets.push(first!);
  });
});
