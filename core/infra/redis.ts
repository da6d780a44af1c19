import { Cluster, Redis as SingleRedis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { Config } from './config';

/**
 * A connection to Redis: to the one node at REDIS_URL, or to a Redis Cluster (REDIS_CLUSTER_NODES). Both speak the same
 * commands, so the code that uses Redis does not care which it got. `new Redis(url)` still makes a single-node one.
 */
export const Redis = SingleRedis;
export type Redis = SingleRedis | Cluster;

/** Where Redis is: what createRedis and the key helpers below need of the config. */
export type RedisTarget = Pick<Config, 'redisUrl' | 'redisClusterNodes' | 'redisPrefix'>;

export const isCluster = (target: Pick<RedisTarget, 'redisClusterNodes'>) => target.redisClusterNodes.length > 0;

const reconnectDelay = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * How long a producer waits for Redis to answer a command. A Redis that hangs without closing the connection (stopped,
 * swapping, or cut off by a network partition, which TCP takes about 15 minutes to notice) would otherwise hold every
 * command sent to it for as long as the hang lasts: the relay's claimed rows stay locked, a payment call waits. Its
 * slowest honest answer here is a few ms (small scripts, a batch of job adds, a purge of 1,000 failed jobs).
 */
export const PRODUCER_ANSWER_WITHIN_MS = 5000;

/**
 * Two flavours, as BullMQ's docs advise: producers (API) give up on a command after one reconnect attempt so a
 * request never hangs on a Redis outage; workers and subscribers wait for it forever (maxRetriesPerRequest: null).
 * A producer's command also fails after PRODUCER_ANSWER_WITHIN_MS unanswered, and its connection is then made again
 * (socketTimeout): ioredis keeps a command that was in flight when its connection dropped until the next connection
 * is ready, whatever maxRetriesPerRequest says, so only the command's own timeout bounds its wait. (Its late answer,
 * if the command was run after all, is ignored: what producers send is safe to repeat or to lose.) A worker's
 * connection has neither, since its blocking commands wait for jobs on purpose.
 * On a cluster a producer refuses commands while the cluster is not connected (see clusterOptions).
 */
export function createRedis(target: RedisTarget, role: 'producer' | 'worker', extra: RedisOptions = {}): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    ...(role === 'producer' ? { socketTimeout: PRODUCER_ANSWER_WITHIN_MS, commandTimeout: PRODUCER_ANSWER_WITHIN_MS } : {}),
    connectTimeout: 2000,
    retryStrategy: reconnectDelay,
    lazyConnect: false,
    ...extra,
  };
  if (!isCluster(target)) return new SingleRedis(target.redisUrl, options);
  return new Cluster([...target.redisClusterNodes], clusterOptions(target.redisUrl, options, role));
}

/**
 * ioredis takes the per-node settings (and BullMQ looks for maxRetriesPerRequest) under `redisOptions`. The cluster
 * itself retries a command that meets a failover (MOVED, CLUSTERDOWN, TRYAGAIN, a node gone) after refreshing its slot
 * map, up to 16 times 200-300 ms apart: a few seconds, about what a replica needs to take over, so a failover reads
 * as a short pause.
 *
 * maxRetriesPerRequest does not make a producer fail fast on a cluster: it bounds the retries of one node's
 * connection, but while the cluster as a whole is not connected (every node out of reach) the cluster keeps commands
 * in a queue of its own and reconnects for ever, so they would wait for as long as the outage lasts, with the relay's
 * rows locked and the API's publishes piling up. A producer's cluster therefore queues nothing (enableOfflineQueue
 * off): a command sent while it is not connected is refused at once, as a single node's would be after its retry.
 * Failovers still read as a pause, since the retries above happen while the cluster is connected. At start, commands
 * sent before the cluster is first connected are refused too: BullMQ's queues wait for 'ready' before their first
 * command, and the API's other uses of its producer are best effort (rate limits, the login budget's fallback,
 * announcements the workers send again) or answer an error the client retries.
 */
function clusterOptions(redisUrl: string, options: RedisOptions, role: 'producer' | 'worker'): ClusterOptions {
  const { retryStrategy, lazyConnect, enableOfflineQueue, ...perNode } = options;
  const url = new URL(redisUrl);
  return {
    redisOptions: {
      ...perNode,
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    },
    clusterRetryStrategy: retryStrategy ?? undefined,
    lazyConnect,
    enableOfflineQueue: enableOfflineQueue ?? role === 'worker',
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    retryDelayOnTryAgain: 200,
    maxRedirections: 16,
    slotsRefreshTimeout: 2000,
  };
}

/** A plain connection to one node of the cluster, with the credentials and TLS the cluster's connections use. */
export function createNodeConnection(target: RedisTarget, node: { host: string; port: number }, extra: RedisOptions = {}): SingleRedis {
  const { redisOptions } = clusterOptions(target.redisUrl, {}, 'worker');
  return new SingleRedis({ ...redisOptions, connectTimeout: 2000, ...extra, host: node.host, port: node.port });
}

/**
 * BullMQ's key prefix. Its Lua scripts touch many keys of a queue at once, which a cluster allows only within one hash
 * slot, so on a cluster the prefix is a hash tag (`{grocery}`): every queue key then hashes by that part alone. On a
 * single Redis the prefix stays as it always was, so upgrading leaves queued jobs where workers look for them.
 */
export function queuePrefix(target: Pick<RedisTarget, 'redisClusterNodes' | 'redisPrefix'>): string {
  return isCluster(target) ? `{${target.redisPrefix}}` : target.redisPrefix;
}

/**
 * The start of the keys of one group that a script or MULTI uses together (e.g. the login budget's counters): on a
 * cluster `{grocery:login}`, one hash slot per group so groups still spread over the masters; on a single Redis
 * `grocery:login`, the names keys always had.
 */
export function keyGroup(target: Pick<RedisTarget, 'redisClusterNodes' | 'redisPrefix'>, group: string): string {
  return isCluster(target) ? `{${target.redisPrefix}:${group}}` : `${target.redisPrefix}:${group}`;
}
