import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEnvelope } from '../../../core/contracts/ws';
import { createLogger } from '../../../core/infra/logger';
import { createRedis, PRODUCER_ANSWER_WITHIN_MS } from '../../../core/infra/redis';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createLiveSubscriber, liveChannel } from '../../../core/modules/live/live-channel';
import { RATE_LIMIT_ANSWER_WITHIN_MS } from '../../../server/plugins/rate-limits';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createAddress, createProduct, registerUser } from '../../helpers/factories';
import { openSocket, sleep } from '../../helpers/live-helpers';
import { startTcpGate, type TcpGate } from '../../helpers/tcp-gate';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';

/**
 * A single Redis that stops answering without closing its connections (a stopped process, a network partition that
 * TCP takes minutes to notice): the gate in front of the real Redis holds everything, both ways, until it opens.
 */
describe('a Redis that hangs', () => {
  const redisUrl = new URL(inject('redisUrl'));
  let gate: TcpGate;
  let publisher: Redis;

  beforeAll(async () => {
    gate = await startTcpGate({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    publisher = new Redis(redisUrl.href);
  });
  afterAll(async () => {
    gate.open();
    publisher.disconnect();
    await gate.close();
  });

  async function until(done: () => boolean, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await sleep(20);
    }
  }

  it('the live subscription notices, makes its connection again once Redis answers, and says it is back', async () => {
    const target = { redisUrl: `redis://${gate.host}:${gate.port}`, redisClusterNodes: [], redisPrefix: `hung-${randomUUID()}` };
    const userId = randomUUID();
    const resubscribed: number[] = [];
    const delivered: LiveEnvelope[] = [];
    const subscriber = createLiveSubscriber(
      target,
      { onMessage: (envelope) => delivered.push(envelope), onResubscribed: () => resubscribed.push(Date.now()) },
      { checkEveryMs: 200, answerWithinMs: 300 },
    );
    try {
      await subscriber.ready;
      gate.hold();
      // Long enough for a check to go unanswered and the connection to be dropped (ioredis ends it within 2 s).
      await sleep(3000);
      expect(resubscribed).toEqual([]);
      gate.open();
      // Told once the subscription is in force again, so the pages fetch what they may have missed…
      await until(() => resubscribed.length === 1, 8000, 'the subscription says it is back');
      // …and from then on, messages arrive on the new connection.
      const envelope = { eventId: randomUUID(), audience: { kind: 'user', userId }, message: { type: 'product.removed', productId: 'p1', version: 1 } };
      await publisher.publish(liveChannel(target.redisPrefix), JSON.stringify(envelope));
      await until(() => delivered.length === 1, 3000, 'a message published after the return arrives');
      expect(delivered[0]!.message).toEqual(envelope.message);
    } finally {
      gate.open();
      await subscriber.close();
    }
  }, 20_000);

  describe('the API', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await buildTestContext({ REDIS_URL: `redis://${gate.host}:${gate.port}` });
    });
    afterAll(async () => {
      gate.open();
      await ctx?.close();
    });

    it('places orders while Redis hangs, each waiting at most briefly for the rate limit it cannot count', async () => {
      const product = await createProduct(ctx.db, { stockQuantity: 10 });
      const shopper = await registerUser(ctx.app);
      const address = await createAddress(ctx.app, shopper.cookie);
      const order = async () => {
        const started = Date.now();
        const res = await Promise.race([
          ctx.app.inject({
            method: 'POST',
            url: '/api/order/cod',
            headers: { cookie: shopper.cookie, 'idempotency-key': randomUUID() },
            payload: { items: [{ product: product.id, quantity: 1 }], address: address._id },
          }),
          sleep(10_000).then(() => null),
        ]);
        return { status: res?.statusCode, ms: Date.now() - started };
      };
      gate.hold();
      try {
        // The order route's rate limit asks Redis first; unanswered, the count is skipped, as when Redis is down.
        for (let i = 0; i < 3; i++) {
          const { status, ms } = await order();
          expect(status, 'the order answered').toBe(201);
          expect(ms).toBeLessThan(RATE_LIMIT_ANSWER_WITHIN_MS + 1000);
        }
        // The producer connections count as dead once a command goes unanswered for long enough, and are made again.
        await sleep(PRODUCER_ANSWER_WITHIN_MS + 500);
        const { status, ms } = await order();
        expect(status).toBe(201);
        expect(ms).toBeLessThan(RATE_LIMIT_ANSWER_WITHIN_MS + 1000);
      } finally {
        gate.open();
      }
      // Redis is back: the route is counted through it again, once its connection is made again.
      const counted = async () => {
        const keys = await publisher.keys(`${ctx.prefix}:rate:*`);
        const values = keys.length ? await publisher.mget(...keys) : [];
        return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
      };
      let before = await counted();
      for (let attempt = 0; ; attempt++) {
        expect((await order()).status).toBe(201);
        const after = await counted();
        if (after === before + 1) break;
        expect(attempt, 'the rate limit counts through Redis again').toBeLessThan(5);
        before = after;
        await sleep(1000);
      }
    }, 30_000);

    it("the outbox relay's pass gives up on it, so the rows it claimed are not held locked while Redis hangs", async () => {
      const connection = createRedis(ctx.config, 'producer');
      connection.on('error', () => {});
      const queues = createQueues(connection, ctx.prefix);
      const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs: 60_000 });
      const claimed = async () => {
        const [row] = await ctx.db.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE '%UPDATE outbox SET published_at%'`;
        return row!.n;
      };
      try {
        await connection.ping();
        const eventId = await ctx.db.$transaction((tx) => appendEvent(tx, 'stock.changed', { productId: randomUUID(), reason: 'toggled' }));
        gate.hold();
        const started = Date.now();
        const pass = relay.drainNow();
        await expect.poll(claimed, { timeout: 5_000 }).toBe(1);
        // The add that Redis never answers fails once its connection is counted as dead and made again in vain; the
        // pass then rolls its claim back, with Redis still hanging.
        await expect.poll(claimed, { timeout: 3 * PRODUCER_ANSWER_WITHIN_MS, interval: 200 }).toBe(0);
        expect(Date.now() - started).toBeLessThan(3 * PRODUCER_ANSWER_WITHIN_MS);
        await pass.catch(() => {});
        expect((await ctx.db.outboxEvent.findUniqueOrThrow({ where: { id: eventId } })).publishedAt).toBeNull();
      } finally {
        gate.open();
        await relay.stop();
        await Promise.all(Object.values(queues).map((q) => q.close()));
        connection.disconnect();
      }
    }, 30_000);
  });

  it('an API that starts while Redis hangs serves pages, and tells them to fetch again once it hears Redis', async () => {
    gate.hold();
    const ctx = await buildTestContext({ REDIS_URL: `redis://${gate.host}:${gate.port}` });
    try {
      const baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      // Opened before the subscription: whatever is published until then cannot reach it.
      const socket = await openSocket(baseUrl);
      await sleep(200);
      expect(socket.messages.map((m) => m.type)).toEqual(['hello']);
      gate.open();
      await ctx.app.live.subscribed;
      await socket.next((m) => m.type === 'resync');
      socket.close();
    } finally {
      gate.open();
      await ctx.close();
    }
  }, 30_000);
});
