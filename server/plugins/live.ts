import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { originRefusal } from './security';
import { WS_CLOSE } from '../../core/contracts/ws';
import { createLiveSubscriber } from '../../core/modules/live/live-channel';
import { onClientFrame, wasRefused } from '../ws/client-frames';
import { createPingCadence } from '../ws/ping-cadence';
import { createWsHub, type SocketIdentity, type WsHub } from '../ws/ws-hub';
import { SELLER_COOKIE, USER_COOKIE } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    live: { hub: WsHub; subscribed: Promise<void> };
  }
}

/** How soon a process that filled past a step of the ping cadence tells its earlier pages to ping less (ping-cadence.ts). */
const CADENCE_CHECK_MS = 1_000;

/**
 * Lets go of what the upgrade left attached to a socket for its whole life: @fastify/websocket's error listener, which
 * holds the upgrade's Fastify request and reply, and the upgraded TCP stream's tie to the ServerResponse made for
 * routing, which holds them too (with the request's headers). Together about 4 KB per idle socket. The socket's
 * errors (an unclean disconnect) go to `onError` instead.
 */
function releaseUpgrade(socket: WebSocket, stream: Socket, onError: (err: Error) => void): void {
  socket.removeAllListeners('error');
  socket.on('error', onError);
  (stream as Socket & { _httpMessage?: { detachSocket?: (s: Socket) => void } | null })._httpMessage?.detachSocket?.(stream);
}

/**
 * GET /ws and the Redis subscription behind it (docs/architecture.md, "Live updates"). Every API process subscribes to the one
 * live channel and delivers to its own sockets; the session cookie decides what a socket may receive.
 */
export default fp(async function live(app: FastifyInstance) {
  const { sessions, catalog, stores } = app.services;
  const hub = createWsHub();
  // Product changes also make this process's cached catalogue stale, whoever is connected here.
  const changesCatalog = (type: string) => type === 'product.updated' || type === 'product.removed';
  const subscriber = createLiveSubscriber(app.config, {
    concerns: (head) => changesCatalog(head.message.type) || hub.reaches(head.audience),
    onMessage: (envelope) => {
      if (changesCatalog(envelope.message.type)) catalog.invalidate();
      hub.deliver(envelope);
    },
    onError: (err) => app.log.debug({ err: err.message }, 'live subscriber: redis unavailable'),
    // A logout, revocation or password change in any API process: that session's sockets close here too.
    onSessionsRevoked: (sessionIds) => {
      sessions.forgetRevoked(sessionIds);
      hub.endSessions(sessionIds, WS_CLOSE.Unauthorized, 'Session ended');
    },
    // Messages published while the subscription was down are lost; the pages fetch what they show again.
    onResubscribed: () => app.log.warn({ sockets: catchUp() }, 'live: Redis subscription restored; pages told to fetch again'),
  });
  function catchUp(): number {
    catalog.invalidate();
    return hub.deliver({ audience: { kind: 'everyone' }, message: { type: 'resync' } });
  }
  // The process serves pages before its subscription is first in force (Redis down or slow at start must not keep it
  // from starting): what was published until then missed the sockets and the catalogue it took meanwhile, as in an
  // outage.
  subscriber.ready.then(
    () => {
      if (hub.size() > 0) app.log.warn({ sockets: catchUp() }, 'live: Redis subscription in force; pages opened before it told to fetch again');
      else catalog.invalidate();
    },
    // Refused only when the process closes before it got one; the subscriber has logged it.
    () => {},
  );
  app.decorate('live', { hub, subscribed: subscriber.ready });

  const cadence = createPingCadence(hub, app.config.wsClientPingsPerSecond);
  const allowedOrigins = app.config.trustedOrigins;
  // One function for every socket's errors (an unclean disconnect), not a closure held per socket.
  const onSocketError = (err: Error) => app.log.debug({ err: err.message }, 'live: socket error');

  async function identify(request: FastifyRequest): Promise<SocketIdentity> {
    let [user, seller] = await Promise.all([
      sessions.resolve(request.cookies[USER_COOKIE]),
      sessions.resolve(request.cookies[SELLER_COOKIE]),
    ]);
    // Whether the store is the operator's is read as the socket opens (the flag belongs to the configured account).
    const isOperator = seller?.kind === 'seller' ? await stores.isOperator(seller.sellerId) : false;
    // A revocation that arrived during these reads closed no socket (this one is not in the hub yet): it counts here.
    if (user && sessions.revokedLately(user.sessionId)) user = null;
    if (seller && sessions.revokedLately(seller.sessionId)) seller = null;
    return {
      ...(user?.kind === 'user' ? { userId: user.userId, userSessionId: user.sessionId } : {}),
      ...(seller?.kind === 'seller' ? { sellerId: seller.sellerId, sellerSessionId: seller.sessionId, isOperator } : {}),
    };
  }

  app.get(
    '/ws',
    {
      websocket: true,
      // Before the upgrade: another site's page must not open a socket with this user's cookies.
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.has(origin)) {
          return reply.code(403).send({ success: false, message: originRefusal(origin, app.config.publicOrigin), code: 'forbidden_origin' });
        }
      },
    },
    async (socket, request) => {
      // Listening before identification, so no frame goes unanswered: a ping gets its pong (it reveals nothing), and
      // anything else closes the socket (app.ts caps a frame's size).
      socket.on('message', onClientFrame);
      const identity = await identify(request);
      if (wasRefused(socket) || socket.readyState !== socket.OPEN) return;
      const stream = request.raw.socket;
      releaseUpgrade(socket, stream, onSocketError);
      const client = hub.add(socket, identity, stream);
      const role = identity.isOperator ? 'operator' : identity.sellerId ? 'seller' : identity.userId ? 'user' : 'visitor';
      hub.send(client, { type: 'hello', role, pingEveryMs: cadence.current() });
    },
  );

  // Heartbeat: drop dead sockets, and end sockets whose session was revoked or expired since they connected (the
  // revocation channel normally does that within moments; this catches what it missed, e.g. during a Redis outage).
  // A sweep's pings go out in small slices over half a beat, so on a process holding tens of thousands of sockets
  // the heartbeat never holds live deliveries back for more than a slice.
  const heartbeat = setInterval(() => {
    void hub.sweep(app.config.wsHeartbeatMs / 2);
    void recheckSessions();
    cadence.announceIfChanged();
  }, app.config.wsHeartbeatMs);
  heartbeat.unref();
  const slowdowns = setInterval(() => cadence.announceIfSlower(), CADENCE_CHECK_MS);
  slowdowns.unref();

  let rechecking = false;
  let retry: NodeJS.Timeout | undefined;
  async function recheckSessions(attempt = 0): Promise<void> {
    if (rechecking) return;
    rechecking = true;
    clearTimeout(retry);
    try {
      const ids = hub.sessionIds();
      if (ids.length === 0) return;
      hub.endSessions(await sessions.endedAmong(ids), WS_CLOSE.Unauthorized, 'Session ended');
    } catch (error) {
      // The database is unreachable: keep sockets as they are rather than dropping everyone, and try again soon
      // (doubling, never later than the next heartbeat).
      const delay = Math.min(1000 * 2 ** attempt, app.config.wsHeartbeatMs);
      app.log.warn({ err: (error as Error).message, retryInMs: delay }, 'live: session re-check failed, will retry');
      retry = setTimeout(() => void recheckSessions(attempt + 1), delay);
      retry.unref();
    } finally {
      rechecking = false;
    }
  }

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(slowdowns);
    clearTimeout(retry);
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await subscriber.close();
  });
});
