import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { Audience, LiveEnvelope, WsMessage } from '../../core/contracts/ws';
import { directStream, textFrame, writePing, writeTextFrame, type TextFrame } from './text-frame';

/** Who is on the other end of a socket; a browser may hold a shopper and a seller session at once. */
export type SocketIdentity = {
  userId?: string;
  userSessionId?: string;
  /** The store signed in on this browser, and whether it is the platform operator's (looked up as the socket opened). */
  sellerId?: string;
  isOperator?: boolean;
  sellerSessionId?: string;
};

/**
 * `stream`: the upgraded request's TCP socket, which a delivery writes its ready-made frame to, when the socket allows
 * it (text-frame.ts `directStream`).
 * `heard`: a frame came from the peer since the last sweep; `pinged`: the last sweep pinged it and nothing came since.
 */
type Client = { socket: WebSocket; stream?: Socket; identity: SocketIdentity; heard: boolean; pinged: boolean };

const RECENT_EVENTS = 2048;

/**
 * A socket's own client record, so its listeners can be the same functions for every socket: a closure per socket
 * (with its context) would be held as long as the socket is open, tens of thousands of them on a process.
 */
const kClient = Symbol('ws-hub client');
type HubSocket = WebSocket & { [kClient]?: Client };
const clientOf = (socket: WebSocket): Client | undefined => (socket as HubSocket)[kClient];

/** 'pong' and 'message': the peer is alive. */
function heardFrom(this: WebSocket): void {
  const client = clientOf(this);
  if (client) client.heard = true;
}

/**
 * Sockets a sweep handles at a time. Every ping is a write, and each pong that comes back is read and parsed: 18,000
 * sockets pinged in one go would take the cores for a few hundred ms, holding back every live delivery meanwhile.
 */
export const SWEEP_SLICE = 250;

/** Lets the event loop run for `ms` (at least one turn); the timer does not keep a closing process alive. */
function pause(ms: number): Promise<void> {
  if (ms < 1) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** A key → sockets index that forgets a key when its last socket goes. */
function createIndex() {
  const map = new Map<string, Set<Client>>();
  return {
    add(key: string | undefined, client: Client): void {
      if (key) map.set(key, (map.get(key) ?? new Set()).add(client));
    },
    delete(key: string | undefined, client: Client): void {
      if (!key) return;
      const set = map.get(key);
      set?.delete(client);
      if (set?.size === 0) map.delete(key);
    },
    get: (key: string): ReadonlySet<Client> => map.get(key) ?? new Set(),
    has: (key: string): boolean => map.has(key),
    keys: () => map.keys(),
    clear: () => map.clear(),
  };
}

/**
 * This process's sockets, indexed by who they belong to: shopper, store, operator, session. A message goes only to
 * its audience's sockets (looked up, never filtered out of all of them), it is serialised and framed once whatever the
 * number of recipients, and an event id already delivered is dropped (retried jobs publish again).
 */
export function createWsHub({ sweepSlice = SWEEP_SLICE }: { sweepSlice?: number } = {}) {
  const clients = new Set<Client>();
  const recent = new Set<string>();
  const byUser = createIndex();
  const byStore = createIndex();
  const operators = new Set<Client>();
  // Session id → its sockets, so a revocation closes them without walking every socket.
  const bySession = createIndex();

  function index(client: Client): void {
    const { identity } = client;
    byUser.add(identity.userId, client);
    byStore.add(identity.sellerId, client);
    if (identity.isOperator) operators.add(client);
    bySession.add(identity.userSessionId, client);
    bySession.add(identity.sellerSessionId, client);
  }
  function unindex(client: Client): void {
    const { identity } = client;
    byUser.delete(identity.userId, client);
    byStore.delete(identity.sellerId, client);
    operators.delete(client);
    bySession.delete(identity.userSessionId, client);
    bySession.delete(identity.sellerSessionId, client);
  }
  function forget(client: Client): void {
    unindex(client);
    clients.delete(client);
  }

  /** The sockets an audience names; a socket named twice (a shopper who is also the store) is in the set once. */
  function recipients(audience: Audience): Iterable<Client> {
    switch (audience.kind) {
      case 'everyone':
        return clients;
      case 'user':
        return byUser.get(audience.userId);
      case 'store':
        return byStore.get(audience.sellerId);
      case 'operators':
        return operators;
      case 'order':
        return new Set([...byUser.get(audience.userId), ...byStore.get(audience.sellerId), ...operators]);
    }
  }

  function seen(eventId: string | undefined): boolean {
    if (!eventId) return false;
    if (recent.has(eventId)) return true;
    recent.add(eventId);
    if (recent.size > RECENT_EVENTS) recent.delete(recent.values().next().value!);
    return false;
  }

  function closed(this: WebSocket): void {
    const client = clientOf(this);
    if (client) forget(client);
  }

  let sweeping: Promise<void> | undefined;
  /**
   * The sockets as the sweep began, a slice at a time, the slices spaced evenly over `spreadMs`: the beat's cost comes
   * in small pieces, not in one burst. One that closed meanwhile is skipped, one that opened waits for the next sweep.
   * Each socket is visited at about the same point of every sweep, so a pinged one has about a beat to answer.
   */
  async function sweepSlices(spreadMs: number): Promise<void> {
    const all = [...clients];
    const gapMs = spreadMs / Math.ceil(all.length / sweepSlice);
    for (let start = 0; start < all.length; start += sweepSlice) {
      if (start > 0) await pause(gapMs);
      for (const client of all.slice(start, start + sweepSlice)) {
        if (!clients.has(client)) continue;
        if (client.heard) {
          client.heard = false;
          client.pinged = false;
        } else if (client.pinged) {
          client.socket.terminate();
          forget(client);
        } else {
          client.pinged = true;
          writePing(client.socket, client.stream);
        }
      }
    }
  }

  return {
    add(socket: WebSocket, identity: SocketIdentity, stream?: Socket): Client {
      const client: Client = { socket, stream: directStream(socket, stream), identity, heard: true, pinged: false };
      (socket as HubSocket)[kClient] = client;
      clients.add(client);
      index(client);
      socket.on('pong', heardFrom);
      socket.on('message', heardFrom);
      socket.on('close', closed);
      return client;
    },

    send(client: Client, message: WsMessage): void {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
    },

    /** Whether any socket of this process is in the audience. */
    reaches(audience: Audience): boolean {
      switch (audience.kind) {
        case 'everyone':
          return clients.size > 0;
        case 'operators':
          return operators.size > 0;
        case 'user':
          return byUser.has(audience.userId);
        case 'store':
          return byStore.has(audience.sellerId);
        case 'order':
          return operators.size > 0 || byUser.has(audience.userId) || byStore.has(audience.sellerId);
      }
    },

    /** Returns how many sockets received the message. */
    deliver(envelope: LiveEnvelope): number {
      if (seen(envelope.eventId)) return 0;
      let frame: TextFrame | undefined;
      let sent = 0;
      for (const client of recipients(envelope.audience)) {
        if (client.socket.readyState !== client.socket.OPEN) continue;
        frame ??= textFrame(JSON.stringify(envelope.message));
        writeTextFrame(client.socket, client.stream, frame);
        sent++;
      }
      return sent;
    },

    /**
     * Heartbeat: a socket that did not answer the last ping is dead (its peer vanished without a close). A socket
     * heard from since the last sweep is alive and is not pinged: a visible page pings every 1-10 s, and its own
     * frames keep proxies from closing the connection as idle, so a server ping to it would be pure cost. A silent one
     * is pinged, and ended at the next sweep if still silent. A pong is hearing from it too, so a hidden page's socket
     * is pinged every other beat, and a proxy in front must let a socket idle for two beats (README, "Running more
     * processes"). `spreadMs`: how long the sweep may take to go round.
     */
    sweep(spreadMs = 0): Promise<void> {
      // A sweep still running when the next beat comes (a huge one on a busy process) is not started twice.
      sweeping ??= sweepSlices(spreadMs).finally(() => (sweeping = undefined));
      return sweeping;
    },

    /**
     * Ends the sockets of sessions that were revoked or expired: they stop receiving at once (their identity is
     * cleared before the close handshake) and are told why. Returns how many were closed.
     */
    endSessions(sessionIds: Iterable<string>, code: number, reason: string): number {
      let closed = 0;
      for (const id of sessionIds) {
        for (const client of [...bySession.get(id)]) {
          forget(client);
          client.identity = {};
          client.socket.close(code, reason);
          closed++;
        }
      }
      return closed;
    },

    /** The session ids of every socket, for the heartbeat's re-check. */
    sessionIds: (): string[] => [...bySession.keys()],

    clients: (): ReadonlySet<Client> => clients,
    size: () => clients.size,

    closeAll(code = 1001, reason = 'Server shutting down'): void {
      for (const client of clients) client.socket.close(code, reason);
      clients.clear();
      byUser.clear();
      byStore.clear();
      operators.clear();
      bySession.clear();
    },
  };
}
export type WsHub = ReturnType<typeof createWsHub>;
