import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createOutboxDoorbell, OUTBOX_CHANNEL, RELAYS_WAKE_UP } from '../../../core/infra/outbox-doorbell';
import { poolOf } from '../../../core/infra/prisma';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { transitionOrder } from '../../../core/modules/orders/order-transitions';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { insertOrder, sleep, userWithSession } from '../../helpers/live-helpers';

/** Long enough for a NOTIFY sent by a commit to have arrived on loopback many times over. */
const SETTLE_MS = 300;

/**
 * The relays are woken after a commit that wrote outbox rows, by a NOTIFY of its own, never by one inside the writing
 * transaction: that would make PostgreSQL commit every such write one at a time (core/infra/outbox-doorbell.ts).
 */
describe('outbox doorbell', () => {
  let ctx: TestContext;
  let listener: pg.Client;
  /** For each notification: how many outbox rows were committed when it arrived. */
  let heard: Promise<number>[];

  beforeAll(async () => {
    ctx = await buildTestContext();
    listener = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await listener.connect();
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    listener.on('notification', () => heard.push(outboxRows()));
  });
  afterAll(async () => {
    await listener.end();
    await ctx.close();
  });
  beforeEach(async () => {
    await sleep(SETTLE_MS);
    heard = [];
  });
  afterEach(() => ctx.db.outboxEvent.deleteMany());

  const outboxRows = () => ctx.db.outboxEvent.count();
  const stockEvent = () => ({ productId: crypto.randomUUID(), reason: 'toggled' as const });

  it('rings once after a transaction that wrote outbox rows has committed, with its rows visible', async () => {
    await ctx.transaction(async (tx) => {
      await appendEvent(tx, 'stock.changed', stockEvent());
      await appendEvent(tx, 'stock.changed', stockEvent());
      await sleep(SETTLE_MS);
      expect(heard).toHaveLength(0);
    });
    await sleep(SETTLE_MS);
    expect(await Promise.all(heard)).toEqual([2]);
  });

  it('does not ring for a transaction that wrote no outbox rows, nor for one that rolled back', async () => {
    await ctx.transaction((tx) => tx.$executeRaw`SELECT 1`);
    await expect(
      ctx.transaction(async (tx) => {
        await appendEvent(tx, 'stock.changed', stockEvent());
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await sleep(SETTLE_MS);
    expect(heard).toHaveLength(0);
    expect(await outboxRows()).toBe(0);
  });

  it('writes events and order changes without a NOTIFY of their own', async () => {
    const owner = await userWithSession(ctx);
    const order = await insertOrder(ctx.db, owner.userId);
    // Prisma's bare transaction runs the same statements as the application's, but nobody rings after it.
    await ctx.db.$transaction(async (tx) => {
      await appendEvent(tx, 'stock.changed', stockEvent());
      await transitionOrder(tx, { orderId: order.id, to: 'On The Way', actor: { type: 'seller' } });
    });
    await sleep(SETTLE_MS);
    expect(await outboxRows()).toBe(2);
    expect(heard).toHaveLength(0);
  });

  it('rings after a checkout and after a store’s status move, each a statement that committed by itself', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db);
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    await sleep(SETTLE_MS);
    expect(await Promise.all(heard)).toEqual([1]);

    await ctx.services.sellerOrders.updateStatus({ orderId: order._id, status: 'On The Way' }, product.sellerId);
    await sleep(SETTLE_MS);
    expect(await Promise.all(heard)).toEqual([1, 2]);
  });

  it('answers rings that come while one is out with one more ring, a moment later', async () => {
    const doorbell = createOutboxDoorbell(ctx.config.databaseUrl);
    const times: number[] = [];
    listener.on('notification', () => times.push(performance.now()));
    const rang = performance.now();
    for (let i = 0; i < 50; i++) doorbell.ring();
    await sleep(SETTLE_MS);
    expect(heard).toHaveLength(2);
    // Measured from the rings, not between the two arrivals: a late first arrival would shorten that gap, while
    // nothing can make the second ring arrive before its 10 ms wait after the first is over.
    expect(times[1]! - rang).toBeGreaterThanOrEqual(10);
  });

  it('logs failing rings once, and once more when they go through again', async () => {
    // A database that does not exist yet: every ring fails until it is created.
    const name = `grocery_doorbell_${Date.now()}`;
    const url = new URL(ctx.config.databaseUrl);
    url.pathname = `/${name}`;
    const lines: string[] = [];
    const logger = createLogger('info', 'test', {
      write: (line: string) => {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        lines.push(`${level === 40 ? 'warn' : 'info'}: ${msg}`);
      },
    });
    const doorbell = createOutboxDoorbell(url.toString(), logger);
    try {
      for (let i = 0; i < 3; i++) {
        doorbell.ring();
        await sleep(100);
      }
      expect(lines).toEqual([`warn: ${RELAYS_WAKE_UP} is unavailable; retrying until it answers`]);

      await ctx.db.$executeRawUnsafe(`CREATE DATABASE ${name}`);
      doorbell.ring();
      await sleep(SETTLE_MS);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^info: ${RELAYS_WAKE_UP.replace(/[()]/g, '\\$&')} is available again after [0-9.]+ s$`));
    } finally {
      await ctx.db.$executeRawUnsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it('rings on a connection of its own, not one of the pool the requests share', async () => {
    const pool = poolOf(ctx.db)!;
    const doorbell = createOutboxDoorbell(ctx.config.databaseUrl);
    // Every pooled connection busy: the ring still goes out.
    const held = await Promise.all(Array.from({ length: pool.options.max! }, () => pool.connect()));
    try {
      expect(pool.idleCount).toBe(0);
      doorbell.ring();
      await sleep(SETTLE_MS);
      expect(heard).toHaveLength(1);
    } finally {
      for (const client of held) client.release();
    }
  });
});
