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
      socket.on('pong', () => (client.alive = true));
      socket.on('close', () => clients.delete(client));
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
          clients.delete(client);
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    },

    clients: (): ReadonlySet<Client> => clients,
    size: () => clients.size,

    closeAll(code = 1001, reason = 'Server shutting down'): void {
      for (const client of clients) client.socket.close(code, reason);
      clients.clear();
    },
  };
}
export type WsHub = ReturnType<typeof createWsHub>;
