import { Redis, type RedisOptions } from 'ioredis';

export { Redis };

/**
 * Two flavours, as BullMQ's docs advise: producers (API) give up on a command after one reconnect attempt so a
 * request never hangs on a Redis outage; workers and subscribers wait for it forever (maxRetriesPerRequest: null).
 */
export function createRedis(url: string, role: 'producer' | 'worker', extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
    ...extra,
  });
}
