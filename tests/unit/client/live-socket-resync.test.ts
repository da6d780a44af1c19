// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSocket } from '../../../client/src/lib/live-socket';
import { ScriptedSocket } from './scripted-socket';

describe("the server's resync", () => {
  let opened: number;
  let handed: string[];
  let live: ReturnType<typeof createLiveSocket>;

  beforeEach(() => {
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
  });

  it('makes the page fetch its snapshots again on the same socket, as a reconnect does, and is not handed on', () => {
    const socket = ScriptedSocket.opened[0]!;
    socket.hello();
    expect(opened).toBe(1);
    socket.receive({ type: 'resync' });
    expect(opened).toBe(2);
    expect(handed).toEqual(['hello']);
    expect(ScriptedSocket.opened).toHaveLength(1);
  });
});
