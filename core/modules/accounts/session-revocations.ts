import { z } from 'zod';
import type { Redis } from '../../infra/redis';

/**
 * Revoked session ids travel on their own Redis pub/sub channel, so every API process closes that session's sockets
 * within moments of a logout, a revocation or a password change made by any process. Best effort by design: if Redis
 * is down the database has already refused the session for every request, and the sockets' next heartbeat re-check
 * closes them.
 */
export const sessionRevocationChannel = (prefix: string) => `${prefix}:sessions-revoked`;

export const SessionRevocation = z.object({ sessionIds: z.array(z.uuid()).min(1) });

export function createRevocationPublisher(redis: Redis | undefined, prefix: string, onError: (err: Error) => void = () => {}) {
  const channel = sessionRevocationChannel(prefix);
  return (sessionIds: string[]): void => {
    if (!redis) return;
    redis.publish(channel, JSON.stringify({ sessionIds })).catch(onError);
  };
}
