import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRedis } from '../../../core/infra/redis';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { databaseOutage } from '../../helpers/database-outage';
import { sleep } from '../../helpers/live-helpers';

/**
 * An event's trip from commit to queue through NOTIFY takes milliseconds; this bound leaves room for a loaded test
 * machine and is still a thirtieth of the one-minute poll the relay below is given.
 */
const NOTIFY_SPEED_MS = 1000;

describe('outbox relay after the database goes away', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ HEALTH_TOKEN: 'operator-health-token-0123456789' });
  });
  afterAll(() => ctx.close());

  /** Milliseconds from an event's commit to its job in the queue. */
  async function relayLatency(stock: Queue): Promise<number> {
    const started = performance.now();
    const eventId = await ctx.transaction((tx) => appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'toggled' }));
    for (;;) {
      if (await stock.getJob(eventId)) return performance.now() - started;
      if (performance.now() - started > 5000) return Infinity;
      await sleep(5);
    }
  }

  const health = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer operator-health-token-0123456789' } })).json();

  it('keeps reconnecting its LISTEN through a several-second outage, logs the loss and the recovery once, and is live again after', async () => {
    const lines: { msg: string }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const connection = createRedis(ctx.config, 'producer');
    const queues = createQueues(connection, ctx.prefix);
    // The poll is a minute: only the LISTEN connection can deliver an event within the test's patience.
    const relay = createOutboxRelay({
      databaseUrl: ctx.config.databaseUrl,
      queues,
      logger: createLogger('info', 'relay', sink),
      pollMs: 60_000,
      listenBackoff: { initialMs: 100, maxMs: 800 },
    });
    const stock = new Queue('stock', { connection: ctx.redis, prefix: ctx.prefix });
    const outage = databaseOutage(ctx.config.databaseUrl);
    try {
      await relay.start();
      expect((await health()).relay).toEqual({ listening: true, listeners: 1 });
      const normal = await relayLatency(stock);
      expect(normal).toBeLessThan(NOTIFY_SPEED_MS);

      await outage.begin();
      try {
        await sleep(3000);
        expect(relay.listening).toBe(false);
      } finally {
        await outage.end();
      }

      for (let i = 0; i < 100 && !relay.listening; i++) await sleep(50);
      expect(relay.listening).toBe(true);
      expect((await health()).relay).toEqual({ listening: true, listeners: 1 });
      // Back to NOTIFY speed (the poll would take a minute).
      const latencies = [await relayLatency(stock), await relayLatency(stock), await relayLatency(stock)];
      expect(Math.min(...latencies)).toBeLessThan(NOTIFY_SPEED_MS);
      expect(Math.max(...latencies)).toBeLessThan(NOTIFY_SPEED_MS * 2);

      const messages = lines.map((l) => l.msg);
      expect(messages.filter((m) => m.startsWith('relay: LISTEN connection lost'))).toHaveLength(1);
      expect(messages.filter((m) => m === 'relay: LISTEN connection restored')).toHaveLength(1);
    } finally {
      await outage.end();
      await relay.stop();
      await stock.obliterate({ force: true });
      await stock.close();
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
    }
    expect((await health()).relay).toEqual({ listening: false, listeners: 0 });
  });
});
