import { LiveEnvelope, LiveEnvelopeHead } from '../../contracts/ws';
import { createRedis, type Redis, type RedisTarget } from '../../infra/redis';
import { SessionRevocation, sessionRevocationChannel } from '../accounts/session-revocations';

/** One Redis pub/sub channel per deployment fans live messages out to every API process. */
export const liveChannel = (prefix: string) => `${prefix}:live`;

export type LivePublisher = { publish: (envelope: LiveEnvelope) => Promise<void> };

/** Messages are published only after their effects commit, so a message never announces something that rolled back. */
export function createLivePublisher(redis: Redis, prefix: string): LivePublisher {
  const channel = liveChannel(prefix);
  return {
    async publish(envelope) {
      await redis.publish(channel, JSON.stringify(LiveEnvelope.parse(envelope)));
    },
  };
}

/**
 * Subscribes on its own connection (a subscribed ioredis client can do nothing else) and hands every valid
 * envelope that `concerns` this process to `onMessage`, and every batch of revoked session ids
 * (session-revocations.ts) to `onSessionsRevoked`. Every API process receives every message, so each reads the
 * envelope's head first and checks the whole of it (an order with its items, history and address) only when it will
 * use it. ioredis resubscribes by itself after a reconnect, and on a cluster after the node it listens on goes away:
 * classic pub/sub reaches every node of a cluster, so any node will do.
 *
 * What was published while the connection was down is gone (pub/sub keeps nothing), and the pages' own sockets stayed
 * open, so nothing else would tell them: once the subscription is back, `onResubscribed` is called for the process to
 * tell its pages to fetch their snapshots again. That follows the connection's own reconnect (a single Redis, or the
 * whole cluster); ioredis moves a cluster's subscriber to another node without an event, so that move is not seen.
 */
export function createLiveSubscriber(
  target: RedisTarget,
  handlers: {
    onMessage: (envelope: LiveEnvelope) => void;
    concerns?: (head: LiveEnvelopeHead) => boolean;
    onError?: (err: Error) => void;
    onSessionsRevoked?: (sessionIds: string[]) => void;
    onResubscribed?: () => void;
  },
): { ready: Promise<void>; close: () => Promise<void> } {
  const { onMessage, concerns = () => true, onError = () => {}, onSessionsRevoked = () => {}, onResubscribed = () => {} } = handlers;
  // Named, so an operator's CLIENT LIST shows what it is.
  const sub = createRedis(target, 'worker', { connectionName: `${target.redisPrefix}:live-subscriber` });
  const live = liveChannel(target.redisPrefix);
  const revocations = sessionRevocationChannel(target.redisPrefix);
  sub.on('error', onError);
  sub.on('message', (channel, raw) => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    if (channel === revocations) {
      const parsed = SessionRevocation.safeParse(json);
      if (parsed.success) onSessionsRevoked(parsed.data.sessionIds);
      return;
    }
    const head = LiveEnvelopeHead.safeParse(json);
    if (!head.success || !concerns(head.data)) return;
    const parsed = LiveEnvelope.safeParse(json);
    if (parsed.success) onMessage(parsed.data);
  });
  let subscribed = false;
  let dropped = false;
  sub.on('close', () => (dropped = subscribed));
  sub.on('ready', () => {
    if (!dropped) return;
    dropped = false;
    // ioredis sends the SUBSCRIBE again as the connection becomes ready; a PING queued behind it answers once it is
    // in force, so pages that fetch again from then on miss nothing more.
    sub.ping().then(onResubscribed, onError);
  });
  const ready = sub.subscribe(live, revocations).then(() => {
    subscribed = true;
  });
  // A Redis that is down at start must not stop the API from starting; the subscription completes on reconnect.
  ready.catch(onError);
  return {
    ready,
    close: async () => {
      sub.disconnect();
    },
  };
}
