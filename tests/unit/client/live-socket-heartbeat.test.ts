// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSocket, type LiveStatus } from '../../../client/src/lib/live-socket';
import { ScriptedSocket } from './scripted-socket';

describe("the page's heartbeat keeps the cadence the server's hello gives it", () => {
  let statuses: LiveStatus[];
  /** The types of the messages the page's app was handed. */
  let handed: string[];
  let live: ReturnType<typeof createLiveSocket>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', ScriptedSocket);
    ScriptedSocket.opened = [];
    statuses = [];
    handed = [];
    live = createLiveSocket({ message: (m) => handed.push(m.type), opened: () => {}, statusChanged: (s) => statuses.push(s) });
    live.start();
  });
  afterEach(() => {
    live.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('pings every second without a cadence, and says offline half a second after a pong is missed', () => {
    const socket = ScriptedSocket.opened[0]!;
    socket.hello();
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(socket.sent).toHaveLength(2);
    vi.advanceTimersByTime(499);
    expect(statuses.at(-1)).toBe('online');
    vi.advanceTimersByTime(1);
    expect(statuses.at(-1)).toBe('offline');
  });

  it('pings as seldom as a busy process asks, and counts silence from that cadence', () => {
    const socket = ScriptedSocket.opened[0]!;
    socket.hello({ pingEveryMs: 4_000 });
    vi.advanceTimersByTime(3_000);
    expect(socket.sent).toHaveLength(1);
    socket.pong();
    vi.advanceTimersByTime(1_000);
    expect(socket.sent).toHaveLength(2);
    // The pong to that ping never comes: offline a beat and a half-second after the last frame heard.
    vi.advanceTimersByTime(3_499);
    expect(statuses.at(-1)).toBe('online');
    vi.advanceTimersByTime(1);
    expect(statuses.at(-1)).toBe('offline');
    // While silent it asks four times as often, and the first answer brings it back.
    const before = socket.sent.length;
    vi.advanceTimersByTime(1_000);
    expect(socket.sent.length - before).toBe(1);
    socket.pong();
    expect(statuses.at(-1)).toBe('online');
  });

  it("takes up a new cadence when the server's heartbeat message announces one, and gives it to nobody else", () => {
    const socket = ScriptedSocket.opened[0]!;
    socket.hello();
    socket.receive({ type: 'heartbeat', pingEveryMs: 3_000 });
    vi.advanceTimersByTime(2_999);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toHaveLength(2);
    socket.pong();
    vi.advanceTimersByTime(3_499);
    expect(statuses.at(-1)).toBe('online');
    vi.advanceTimersByTime(1);
    expect(statuses.at(-1)).toBe('offline');
    expect(handed).toEqual(['hello']);
  });
});
