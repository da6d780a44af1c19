import { once } from 'node:events';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/infra/config';
import { createLogger } from '../../../core/infra/logger';
import { createRedis, queuePrefix, type RedisTarget } from '../../../core/infra/redis';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { sleep } from '../../helpers/live-helpers';
import { freePort } from '../../helpers/processes';
import { startLocalCluster, type LocalCluster } from '../../helpers/redis-cluster';

/** Settles as `work` does, or rejects if it is still pending after `ms`: a hang fails the test instead of stalling it. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const clusterNodes = (nodes: string) => loadConfig({ REDIS_CLUSTER_NODES: nodes }).redisClusterNodes;

/**
 * A producer connection (the API's, the relay's) is meant to fail fast when Redis is out of reach, so that a request
 * or the relay's transaction never waits on it. On a single node maxRetriesPerRequest does that; on a cluster the
 * cluster itself must refuse commands while it is not connected.
 */
describe('a producer connection to a Redis Cluster out of reach', () => {
  it('refuses a command at once when none of the nodes it is given answers', async () => {
    const target: RedisTarget = { redisUrl: 'redis://127.0.0.1:6379', redisPrefix: 'unreachable', redisClusterNodes: clusterNodes(`127.0.0.1:${await freePort()},127.0.0.1:${await freePort()}`) };
    const producer = createRedis(target, 'producer');
    producer.on('error', () => {});
    try {
      await expect(within(producer.publish('unreachable:live', 'hello'), 2_000, 'the publish')).rejects.toThrow(/isn't ready/);
    } finally {
      producer.disconnect();
    }
  });

  describe('once every node of a working cluster is gone', () => {
    let cluster: LocalCluster;
    let ctx: TestContext;

    beforeAll(async () => {
      cluster = await startLocalCluster();
      // The database and the file's prefix; the relay below talks to the cluster.
      ctx = await buildTestContext();
    }, 90_000);
    afterAll(async () => {
      try {
        await ctx?.close();
      } finally {
        await cluster?.stop();
      }
    });

    it('fails an enqueue, a publish and a command in flight within seconds, so the relay unlocks its rows and stops at once', async () => {
      const target: RedisTarget = { ...ctx.config, redisClusterNodes: clusterNodes(cluster.nodes) };
      const lines: { msg: string; err?: string }[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      // Made as the worker makes them at start: the queues before the cluster is connected.
      const producer = createRedis(target, 'producer');
      producer.on('error', () => {});
      const queues = createQueues(producer, queuePrefix(target));
      const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('info', 'relay', sink), pollMs: 60_000 });
      const appendUnannounced = () => ctx.db.$transaction((tx) => appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'toggled' }));
      try {
        // Starting while the cluster connects works: BullMQ's queues wait for it before their first command.
        const first = await appendUnannounced();
        await within(relay.drainNow(), 10_000, 'the first pass');
        expect(await queues.stock.getJob(first)).toBeTruthy();
        // So do the first commands to nodes the connection has not used yet, many at once, once it is connected.
        if (producer.status !== 'ready') await once(producer, 'ready');
        await expect(Promise.all(Array.from({ length: 50 }, (_, i) => producer.set(`${ctx.prefix}:spread:${i}`, '1', 'EX', 60)))).resolves.toHaveLength(50);

        // A command waiting on a node when it dies (a BLPOP parks there), then every node crashes.
        const inFlight = producer.blpop(`${ctx.prefix}:never-filled`, 30);
        inFlight.catch(() => {});
        await sleep(100);
        for (const node of clusterNodes(cluster.nodes)) await cluster.crash(node.port);

        const second = await appendUnannounced();
        await within(relay.drainNow(), 8_000, 'a pass with the cluster gone');
        expect(lines.filter((l) => l.msg === 'relay: publishing failed, will retry')).toHaveLength(1);
        expect((await ctx.db.outboxEvent.findUniqueOrThrow({ where: { id: second } })).publishedAt).toBeNull();
        const free = await ctx.db.$transaction((tx) => tx.$queryRaw<{ id: string }[]>`SELECT id FROM outbox WHERE id = ${second}::uuid FOR UPDATE NOWAIT`);
        expect(free).toHaveLength(1);

        await expect(within(producer.publish(`${ctx.prefix}:live`, '{}'), 8_000, 'a publish')).rejects.toThrow();
        await expect(within(inFlight, 8_000, 'the command in flight')).rejects.toThrow();
        await within(relay.stop(), 2_000, 'the relay to stop');
      } finally {
        await within(relay.stop(), 10_000, 'the relay to stop').catch(() => {});
        await within(Promise.allSettled(Object.values(queues).map((q) => q.close())), 5_000, 'the queues to close').catch(() => {});
        producer.disconnect();
      }
    }, 60_000);
  });
});
