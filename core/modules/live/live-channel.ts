import { LiveEnvelope, LiveEnvelopeHead } from '../../contracts/ws';
import type { Redis, RedisTarget } from '../../infra/redis';
import { subscribe, type CheckOptions } from '../../infra/redis-subscription';
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
 * Hands every valid envelope that `concerns` this process to `onMessage`, and every batch of revoked session ids
 * (session-revocations.ts) to `onSessionsRevoked`. Every API process receives every message, so each reads the
 * envelope's head first and checks the whole of it (an order with its items, history and address) only when it will
 * use it.
 *
 * What was published while the subscription was down is gone (pub/sub keeps nothing), and the pages' own sockets
 * stayed open, so nothing else would tell them: once the subscription is back (a single Redis reconnected, or the
 * subscription moved to another node of a cluster; infra/redis-subscription.ts), `onResubscribed` is called for the
 * process to tell its pages to fetch their snapshots again.
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
  /** How often the subscription checks that Redis still answers (infra/redis-subscription.ts); tests shorten it. */
  checks: CheckOptions = {},
): { ready: Promise<void>; close: () => Promise<void> } {
  const { onMessage, concerns = () => true, onError = () => {}, onSessionsRevoked = () => {}, onResubscribed = () => {} } = handlers;
  const live = liveChannel(target.redisPrefix);
  const revocations = sessionRevocationChannel(target.redisPrefix);
  const received = (channel: string, raw: string) => {
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
  };
  // Named, so an operator's CLIENT LIST shows what it is.
  const subscription = subscribe(target, `${target.redisPrefix}:live-subscriber`, [live, revocations], { onMessage: received, onError, onResubscribed }, checks);
  // A Redis that is down at start must not stop the API from starting; the subscription completes on reconnect.
  subscription.ready.catch(onError);
  return {
    ready: subscription.ready,
    close: async () => subscription.close(),
  };
}
