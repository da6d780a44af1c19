import { fork } from 'node:child_process';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRedis } from '../../../core/infra/redis';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { insertOrder, openSocket, sellerWithSession, sleep, startTestWorkers, userWithSession } from '../../helpers/live-helpers';

const root = path.resolve(import.meta.dirname, '../../..');

describe('event pipeline faults', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
  });
  afterAll(() => ctx.close());

  it('keeps events in the outbox while Redis is unreachable and relays each exactly once when it is back', async () => {
    const owner = await userWithSession(ctx);
    const seller = await sellerWithSession(ctx);
    const sellerWs = await openSocket(baseUrl, { cookie: seller.cookie });
    const order = await insertOrder(ctx.db, owner.userId);
    await ctx.db.$transaction((tx) => appendEvent(tx, 'order.placed', { orderId: order.id, userId: owner.userId }));

    // A relay whose Redis is unreachable (a closed port): publishing fails, nothing is marked published.
    const deadRedis = createRedis('redis://127.0.0.1:1', 'producer', { retryStrategy: () => null });
    deadRedis.on('error', () => {});
    const deadQueues = createQueues(deadRedis, ctx.prefix);
    const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues: deadQueues, logger: createLogger('silent', 't'), pollMs: 60_000 });
    await relay.drainNow();
    expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(1);
    await relay.stop();
    await Promise.allSettled(Object.values(deadQueues).map((q) => q.close()));
    deadRedis.disconnect();

    // Redis is back (the real workers start): the event is delivered once. (Short stall checks: see the next test.)
    const stop = await startTestWorkers(ctx, { stalledIntervalMs: 300, lockDurationMs: 1000 });
    try {
      await sellerWs.next((m) => m.type === 'order.created');
      await sleep(300);
      expect(sellerWs.messages.filter((m) => m.type === 'order.created')).toHaveLength(1);
      expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    } finally {
      await stop();
      sellerWs.close();
    }
  });

  it('retries the job of a worker killed in the middle of it, and its effect is seen once', async () => {
    const owner = await userWithSession(ctx);
    const seller = await sellerWithSession(ctx);
    const sellerWs = await openSocket(baseUrl, { cookie: seller.cookie });

    const child = fork(path.join(root, 'tests/helpers/hanging-worker.ts'), [ctx.config.databaseUrl, ctx.config.redisUrl, ctx.prefix], {
      execArgv: ['--import', 'tsx'],
      cwd: root,
      stdio: 'ignore',
    });
    const effectDone = new Promise<string>((resolve) => child.on('message', (m: { effectDone?: string }) => m.effectDone && resolve(m.effectDone)));
    await new Promise((resolve) => child.once('message', resolve));

    const order = await insertOrder(ctx.db, owner.userId);
    const eventId = await ctx.db.$transaction((tx) => appendEvent(tx, 'order.placed', { orderId: order.id, userId: owner.userId }));
    const producer = createRedis(ctx.config.redisUrl, 'producer');
    const queues = createQueues(producer, ctx.prefix);
    const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs: 60_000 });
    await relay.drainNow();

    expect(await effectDone).toBe(eventId);
    child.kill('SIGKILL');
    await sellerWs.next((m) => m.type === 'order.created');

    // A healthy worker notices the stalled job (its lock expired) and runs it again to completion.
    const stop = await startTestWorkers(ctx, { stalledIntervalMs: 300, lockDurationMs: 1000 });
    const orders = new Queue('orders', { connection: producer, prefix: ctx.prefix });
    try {
      let state = '';
      for (let i = 0; i < 100 && state !== 'completed'; i++) {
        await sleep(100);
        state = await orders.getJobState(eventId);
      }
      expect(state).toBe('completed');
      const job = await orders.getJob(eventId);
      expect(job?.returnvalue).toBe('announced to sellers');
      expect(sellerWs.messages.filter((m) => m.type === 'order.created')).toHaveLength(1);
    } finally {
      await stop();
      await relay.stop();
      await orders.close();
      await Promise.allSettled(Object.values(queues).map((q) => q.close()));
      producer.disconnect();
      sellerWs.close();
    }
  });
});
