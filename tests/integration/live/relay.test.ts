import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRedis } from '../../../core/infra/redis';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { sleep } from '../../helpers/live-helpers';

describe('outbox relay', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  function relay(pollMs = 60_000) {
    const connection = createRedis(ctx.config, 'producer');
    const queues = createQueues(connection, ctx.prefix);
    const r = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs });
    return {
      relay: r,
      async close() {
        await r.stop();
        await Promise.all(Object.values(queues).map((q) => q.close()));
        connection.disconnect();
      },
    };
  }

  it('wakes on NOTIFY as soon as a transaction commits, without waiting for its poll', async () => {
    const { relay: r, close } = relay(60_000);
    await r.start();
    const stock = new Queue('stock', { connection: ctx.redis, prefix: ctx.prefix });
    try {
      const eventId = await ctx.db.$transaction((tx) => appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'toggled' }));
      let job = null;
      for (let i = 0; i < 50 && !job; i++) {
        await sleep(20);
        job = await stock.getJob(eventId);
      }
      expect(job?.data).toMatchObject({ eventId, type: 'stock.changed', version: 1 });
    } finally {
      await stock.obliterate({ force: true });
      await stock.close();
      await close();
    }
  });

  it('lets several relays drain one outbox without publishing any row twice', async () => {
    await ctx.db.$transaction(async (tx) => {
      for (let i = 0; i < 300; i++) await appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'updated' });
    }, { timeout: 60_000 });
    const relays = [relay(), relay(), relay()];
    await Promise.all(relays.map((r) => r.relay.drainNow()));
    const published = relays.map((r) => r.relay.stats.published);
    await Promise.all(relays.map((r) => r.close()));

    expect(published.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    const stock = new Queue('stock', { connection: ctx.redis, prefix: ctx.prefix });
    expect(await stock.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')).toBe(300);
    await stock.close();
  });
});
