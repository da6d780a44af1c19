// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSocket, RESYNC_SPREAD_MS } from '../../../client/src/lib/live-socket';
import { ScriptedSocket } from './scripted-socket';

describe("the server's resync", () => {
  let opened: number;
  let handed: string[];
  let live: ReturnType<typeof createLiveSocket>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', ScriptedSocket);
    ScriptedSocket.opened = [];
    opened = 0;
    handed = [];
    live = createLiveSocket({ message: (m) => handed.push(m.type), opened: () => opened++, statusChanged: () => {} });
    live.start();
  });
  afterEach(() => {
    live.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('makes the page fetch its snapshots again on the same socket within a few seconds, and is not handed on', () => {
    const socket = ScriptedSocket.opened[0]!;
    socket.hello();
    expect(opened).toBe(1);
    socket.receive({ type: 'resync' });
    // Each page waits a moment of its own, so a process's pages do not all ask at once.
    vi.advanceTimersByTime(RESYNC_SPREAD_MS);
    expect(opened).toBe(2);
    expect(handed).toEqual(['hello']);
    expect(ScriptedSocket.opened).toHaveLength(1);
  });

  it('does not fetch for a socket that closed before its moment came: the reconnect does', () => {
    const socket = ScriptedSocket.opened[0]!;
    socket.hello();
    socket.receive({ type: 'resync' });
    socket.closedByServer(1006);
    vi.advanceTimersByTime(RESYNC_SPREAD_MS);
    expect(opened).toBe(1);
  });
});
