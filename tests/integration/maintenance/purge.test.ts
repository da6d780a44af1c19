import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/infra/config';
import { createRedis } from '../../../core/infra/redis';
import { createPurge, PURGE_QUEUE, PURGE_SCHEDULER_ID } from '../../../workers/maintenance/purge-schedule';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { startTestWorkers, userWithSession } from '../../helpers/live-helpers';
import { waitFor } from '../../helpers/payment-flows';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('purging what retention no longer keeps', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ PURGE_EVERY_SECONDS: '1' });
  });
  afterAll(() => ctx.close());

  /** One row of each kind on each side of its retention (defaults: events 24 h, sessions 7 d, webhooks 30 d). */
  async function seed() {
    const outbox = (publishedAt: Date | null, createdAt: Date) =>
      ctx.db.outboxEvent.create({ data: { id: randomUUID(), type: 'stock.changed', queue: 'stock', payload: {}, publishedAt, createdAt } });
    const events = {
      old: await outbox(ago(25 * HOUR), ago(25 * HOUR)),
      recent: await outbox(ago(HOUR), ago(HOUR)),
      unpublished: await outbox(null, ago(40 * DAY)),
    };
    const user = await userWithSession(ctx);
    const session = (data: { expiresAt: Date; revokedAt?: Date }) =>
      ctx.db.session.create({ data: { tokenHash: randomUUID(), userId: user.userId, ...data } });
    const sessions = {
      expiredLongAgo: await session({ expiresAt: ago(8 * DAY) }),
      revokedLongAgo: await session({ expiresAt: new Date(Date.now() + DAY), revokedAt: ago(8 * DAY) }),
      expiredYesterday: await session({ expiresAt: ago(DAY) }),
      live: await session({ expiresAt: new Date(Date.now() + DAY) }),
    };
    const webhook = (receivedAt: Date) => ctx.db.webhookEvent.create({ data: { gatewayEventId: `evt_${randomUUID()}`, type: 'payment.captured', payload: {}, receivedAt } });
    const webhooks = { old: await webhook(ago(31 * DAY)), recent: await webhook(ago(DAY)) };
    return { events, sessions, webhooks };
  }

  const exists = {
    event: async (id: string) => (await ctx.db.outboxEvent.count({ where: { id } })) === 1,
    session: async (id: string) => (await ctx.db.session.count({ where: { id } })) === 1,
    webhook: async (id: string) => (await ctx.db.webhookEvent.count({ where: { id } })) === 1,
  };

  it('deletes relayed events, ended sessions and webhook deliveries past their retention, and nothing younger', async () => {
    const { events, sessions, webhooks } = await seed();
    const summary = await ctx.services.retention.purgeDatabase();

    expect(summary.publishedEvents).toBeGreaterThanOrEqual(1);
    expect(await exists.event(events.old.id)).toBe(false);
    expect(await exists.event(events.recent.id)).toBe(true);
    expect(await exists.event(events.unpublished.id)).toBe(true);
    expect(await exists.session(sessions.expiredLongAgo.id)).toBe(false);
    expect(await exists.session(sessions.revokedLongAgo.id)).toBe(false);
    expect(await exists.session(sessions.expiredYesterday.id)).toBe(true);
    expect(await exists.session(sessions.live.id)).toBe(true);
    expect(await exists.webhook(webhooks.old.id)).toBe(false);
    expect(await exists.webhook(webhooks.recent.id)).toBe(true);
  });

  it('takes its retention from config', async () => {
    const config = loadConfig({ RETENTION_PUBLISHED_EVENTS_HOURS: '2', RETENTION_ENDED_SESSIONS_DAYS: '1', RETENTION_WEBHOOKS_DAYS: '3', RETENTION_FAILED_JOBS_DAYS: '5', PURGE_EVERY_SECONDS: '90' });
    expect(config.retention).toEqual({ purgeEveryMs: 90_000, publishedEventsMs: 2 * HOUR, endedSessionsMs: DAY, webhooksMs: 3 * DAY, failedJobsMs: 5 * DAY });
  });

  it('removes failed jobs once they are older than their retention (14 days by default), in batches', async () => {
    const queue = new Queue(`purge-test-${randomUUID().slice(0, 8)}`, { connection: ctx.redis, prefix: ctx.prefix });
    const connection = createRedis(ctx.config, 'worker');
    const worker = new Worker(queue.name, async () => { throw new UnrecoverableError('bad job'); }, { connection, prefix: ctx.prefix });
    try {
      await queue.addBulk(Array.from({ length: 1200 }, (_, i) => ({ name: 'x', data: { i } })));
      await waitFor(async () => (await queue.getFailedCount()) === 1200, '1200 failed jobs', 20_000);
      const purge = createPurge({ retention: ctx.services.retention, queues: [queue], failedJobsMs: ctx.config.retention.failedJobsMs });

      expect((await purge.runOnce()).failedJobs).toBe(0);
      expect(await queue.getFailedCount()).toBe(1200);
      expect((await purge.runOnce(Date.now() + 15 * DAY)).failedJobs).toBe(1200);
      expect(await queue.getFailedCount()).toBe(0);
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    }
  });

  it('runs by itself in the worker role as a BullMQ job scheduler', async () => {
    const { events, sessions, webhooks } = await seed();
    const stopWorkers = await startTestWorkers(ctx);
    try {
      await waitFor(async () => !(await exists.event(events.old.id)) && !(await exists.session(sessions.expiredLongAgo.id)) && !(await exists.webhook(webhooks.old.id)), 'the scheduled purge');
      const queue = new Queue(PURGE_QUEUE, { connection: ctx.redis, prefix: ctx.prefix });
      try {
        expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: PURGE_SCHEDULER_ID, every: 1000 })]);
      } finally {
        await queue.close();
      }
    } finally {
      await stopWorkers();
    }
  });
});
