import { fork } from 'node:child_process';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/infra/config';
import { createLogger } from '../../../core/infra/logger';
import { createPrisma } from '../../../core/infra/prisma';
import { createRedis } from '../../../core/infra/redis';
import { createServices } from '../../../core/services';
import { buildApp } from '../../../server/app';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { TEST_PASSWORD_COST, TEST_RATE_LIMITS } from '../../helpers/services-env';
import { createAddress, createProduct, registerUser } from '../../helpers/factories';
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

  /** A worker process that does an orders job's work and then hangs before acknowledging it (hanging-worker.ts). */
  async function startHangingWorker() {
    const child = fork(path.join(root, 'tests/helpers/hanging-worker.ts'), [ctx.config.databaseUrl, ctx.config.redisUrl, ctx.prefix], {
      execArgv: ['--import', 'tsx'],
      cwd: root,
      stdio: 'ignore',
    });
    const effectDone = new Promise<string>((resolve) => child.on('message', (m: { effectDone?: string }) => m.effectDone && resolve(m.effectDone)));
    await new Promise((resolve) => child.once('message', resolve));
    return { child, effectDone };
  }

  /** The job's state once it settles (completed or failed), polled for up to 10 s. */
  async function settledState(queue: Queue, jobId: string): Promise<string> {
    let state = '';
    for (let i = 0; i < 100 && state !== 'completed' && state !== 'failed'; i++) {
      await sleep(100);
      state = await queue.getJobState(jobId);
    }
    return state;
  }

  it('accepts a COD order while Redis is unreachable and delivers its events exactly once when Redis is back', async () => {
    // An API process whose Redis is unreachable (a closed port), on the same database.
    const config = loadConfig({ DATABASE_URL: ctx.config.databaseUrl, REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: ctx.prefix, UPLOAD_DIR: ctx.config.uploadDir, SERVE_CLIENT: 'false', LOG_LEVEL: 'silent', ...TEST_PASSWORD_COST, ...TEST_RATE_LIMITS });
    const db = createPrisma(config.databaseUrl, { max: 2 });
    const deadRedis = createRedis(config, 'producer', { retryStrategy: () => null });
    deadRedis.on('error', () => {});
    const isolated = await buildApp({ config, db, redis: deadRedis, services: createServices({ config, db }), logger: createLogger('silent', 't') });
    const seller = await sellerWithSession(ctx);
    const sellerWs = await openSocket(baseUrl, { cookie: seller.cookie });
    try {
      const product = await createProduct(ctx.db, { stockQuantity: 5 });
      const shopper = await registerUser(isolated);
      const address = await createAddress(isolated, shopper.cookie);
      const placed = await isolated.inject({ method: 'POST', url: '/api/order/cod', headers: { cookie: shopper.cookie }, payload: { items: [{ product: product.id, quantity: 2 }], address: address._id } });
      expect(placed.statusCode).toBe(201);
      const orderId: string = placed.json().order._id;

      // A relay that cannot reach Redis leaves every event in the outbox.
      const deadQueues = createQueues(deadRedis, ctx.prefix);
      const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues: deadQueues, logger: createLogger('silent', 't'), pollMs: 60_000 });
      await relay.drainNow();
      const waiting = await ctx.db.outboxEvent.count({ where: { publishedAt: null } });
      expect(waiting).toBeGreaterThanOrEqual(1);
      await relay.stop();
      await Promise.allSettled(Object.values(deadQueues).map((q) => q.close()));

      // Redis is back (the real workers start): the order reaches the seller once. (Short stall checks: see the next test.)
      const stop = await startTestWorkers(ctx, { stalledIntervalMs: 300, lockDurationMs: 1000 });
      try {
        await sellerWs.next((m) => m.type === 'order.created' && m.order._id === orderId);
        await sleep(300);
        expect(sellerWs.messages.filter((m) => m.type === 'order.created')).toHaveLength(1);
        expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
      } finally {
        await stop();
      }
    } finally {
      sellerWs.close();
      await isolated.close();
      await db.$disconnect();
      deadRedis.disconnect();
    }
  });

  it('tells every socket to fetch again once its lost Redis subscription is back: what was published meanwhile is gone', async () => {
    const shopper = await userWithSession(ctx);
    const visitor = await openSocket(baseUrl);
    const signedIn = await openSocket(baseUrl, { cookie: shopper.cookie });
    const redis = createRedis(ctx.config, 'producer');
    try {
      const name = `${ctx.prefix}:live-subscriber`;
      const line = String(await redis.client('LIST')).split('\n').find((l) => l.includes(` name=${name} `));
      expect(line).toBeDefined();
      await redis.client('KILL', 'ID', /^id=(\d+)/.exec(line!)![1]!);
      for (const socket of [visitor, signedIn]) expect(await socket.next((m) => m.type === 'resync')).toEqual({ type: 'resync' });
      // The sockets themselves stayed open all along.
      expect([visitor, signedIn].map((s) => s.socket.readyState)).toEqual([1, 1]);
    } finally {
      redis.disconnect();
      visitor.close();
      signedIn.close();
    }
  });

  it('retries the job of a worker killed in the middle of it, and its effect is seen once', async () => {
    const owner = await userWithSession(ctx);
    const seller = await sellerWithSession(ctx);
    const sellerWs = await openSocket(baseUrl, { cookie: seller.cookie });

    const { child, effectDone } = await startHangingWorker();

    const order = await insertOrder(ctx.db, owner.userId);
    const eventId = await ctx.transaction((tx) => appendEvent(tx, 'order.placed', { orderId: order.id, userId: owner.userId }));
    const producer = createRedis(ctx.config, 'producer');
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
      expect(await settledState(orders, eventId)).toBe('completed');
      const job = await orders.getJob(eventId);
      expect(job?.returnvalue).toBe('announced to its owner, its store and the operator');
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

  it('runs to completion a job cut off twice (its worker killed, then the one that took it over), as it has attempts left', async () => {
    const owner = await userWithSession(ctx);
    const order = await insertOrder(ctx.db, owner.userId);
    const first = await startHangingWorker();
    const eventId = await ctx.transaction((tx) => appendEvent(tx, 'order.placed', { orderId: order.id, userId: owner.userId }));
    const producer = createRedis(ctx.config, 'producer');
    const queues = createQueues(producer, ctx.prefix);
    const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs: 60_000 });
    const orders = new Queue('orders', { connection: producer, prefix: ctx.prefix });
    let stop = async () => {};
    try {
      await relay.drainNow();
      expect(await first.effectDone).toBe(eventId);
      first.child.kill('SIGKILL');
      // The second hanging worker's stalled check takes the job over, and it is cut off the same way.
      const second = await startHangingWorker();
      expect(await second.effectDone).toBe(eventId);
      second.child.kill('SIGKILL');

      stop = await startTestWorkers(ctx, { stalledIntervalMs: 300, lockDurationMs: 1000 });
      expect(await settledState(orders, eventId)).toBe('completed');
    } finally {
      await stop();
      await relay.stop();
      await orders.close();
      await Promise.allSettled(Object.values(queues).map((q) => q.close()));
      producer.disconnect();
    }
  }, 30_000);
});
