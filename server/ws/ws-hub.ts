import type { WebSocket } from 'ws';
import type { Audience, LiveEnvelope, WsMessage } from '../../core/contracts/ws';

/** Who is on the other end of a socket; a browser may hold a shopper and a seller session at once. */
export type SocketIdentity = {
  userId?: string;
  userSessionId?: string;
  sellerSessionId?: string;
};

type Client = { socket: WebSocket; identity: SocketIdentity; alive: boolean };

const RECENT_EVENTS = 2048;

/**
 * This process's sockets and who they belong to. Delivery filters by audience, so a socket that may not see an
 * order never receives it, and drops an event id it has already delivered (retried jobs publish again).
 */
export function createWsHub() {
  const clients = new Set<Client>();
  const recent = new Set<string>();
  // Session id → its sockets, so a revocation closes them without walking every socket.
  const bySession = new Map<string, Set<Client>>();

  const sessionIdsOf = (identity: SocketIdentity) => [identity.userSessionId, identity.sellerSessionId].filter((id): id is string => Boolean(id));
  function index(client: Client): void {
    for (const id of sessionIdsOf(client.identity)) bySession.set(id, (bySession.get(id) ?? new Set()).add(client));
  }
  function unindex(client: Client): void {
    for (const id of sessionIdsOf(client.identity)) {
      const set = bySession.get(id);
      set?.delete(client);
      if (set?.size === 0) bySession.delete(id);
    }
  }
  function forget(client: Client): void {
    unindex(client);
    clients.delete(client);
  }

  function mayReceive(identity: SocketIdentity, audience: Audience): boolean {
    switch (audience.kind) {
      case 'everyone':
        return true;
      case 'sellers':
        return Boolean(identity.sellerSessionId);
      case 'user':
        return identity.userId === audience.userId;
      case 'owner-and-sellers':
        return identity.userId === audience.userId || Boolean(identity.sellerSessionId);
    }
  }

  function seen(eventId: string | undefined): boolean {
    if (!eventId) return false;
    if (recent.has(eventId)) return true;
    recent.add(eventId);
    if (recent.size > RECENT_EVENTS) recent.delete(recent.values().next().value!);
    return false;
  }

  return {
    add(socket: WebSocket, identity: SocketIdentity): Client {
      const client = { socket, identity, alive: true };
      clients.add(client);
      index(client);
      socket.on('pong', () => (client.alive = true));
      socket.on('close', () => forget(client));
      return client;
    },

    send(client: Client, message: WsMessage): void {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
    },

    /** Returns how many sockets received the message. */
    deliver(envelope: LiveEnvelope): number {
      if (seen(envelope.eventId)) return 0;
      const frame = JSON.stringify(envelope.message);
      let sent = 0;
      for (const client of clients) {
        if (client.socket.readyState !== client.socket.OPEN || !mayReceive(client.identity, envelope.audience)) continue;
        client.socket.send(frame);
        sent++;
      }
      return sent;
    },

    /** Heartbeat: a socket that did not answer the last ping is dead (its peer vanished without a close). */
    sweep(): void {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          forget(client);
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    },

    /**
     * Ends the sockets of sessions that were revoked or expired: they stop receiving at once (their identity is
     * cleared before the close handshake) and are told why. Returns how many were closed.
     */
    endSessions(sessionIds: Iterable<string>, code: number, reason: string): number {
      let closed = 0;
      for (const id of sessionIds) {
        for (const client of bySession.get(id) ?? []) {
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
      bySession.clear();
    },
  };
}
export type WsHub = ReturnType<typeof createWsHub>;
