import { Redis, type RedisOptions } from 'ioredis';

export { Redis };

/**
 * Two flavours, as BullMQ's docs advise: producers (API) fail fast when Redis is down so a request never hangs;
 * workers and subscribers wait for it forever (maxRetriesPerRequest: null).
 */
export function createRedis(url: string, role: 'producer' | 'worker', extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
    ...extra,
  });
}
