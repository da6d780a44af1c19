import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_CHANNEL } from '../../../core/infra/outbox-doorbell';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';

/** The `place_checkout` database function writes events under names it is handed, never ones of its own. */
describe('place_checkout takes its event, queue and channel names as parameters', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  it('spells none of the names in its body', async () => {
    const [fn] = await ctx.db.$queryRaw<{ body: string; args: number }[]>`
      SELECT prosrc AS body, pronargs::int AS args FROM pg_proc WHERE proname = 'place_checkout'`;
    expect(fn!.args).toBe(13);
    for (const name of ["'order.placed'", "'stock.changed'", "'orders'", "'stock'", "'ordered'", "'outbox_event'"]) {
      expect(fn!.body).not.toContain(name);
    }
  });

  /** Calls `place_checkout` directly with names of the test's own, and `channel` as the channel to NOTIFY. */
  async function placeRenamed(channel: string | null): Promise<string> {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 2 });
    const items = [
      { id: randomUUID(), productId: product.id, name: product.name, image: '', category: product.category, unitPricePaise: 100, quantity: 2, counted: true },
    ];
    const checkout = { id: randomUUID(), checkoutId: `CK${randomUUID().slice(0, 12)}`, userId: shopper.user._id, amountPaise: 400, feePaise: 200, paymentType: 'COD' };
    const orders = [{ id: randomUUID(), orderId: `OD${randomUUID().slice(0, 12)}`, sellerId: product.sellerId, amountPaise: 400, feePaise: 200, items, historyId: randomUUID(), eventId: randomUUID(), eventPayload: { any: 'payload' } }];
    await ctx.db.$executeRawUnsafe(
      `SELECT place_checkout($1::jsonb, $2::jsonb, 'Order Placed'::"OrderStatus", '{}'::jsonb, now()::timestamp(3),
                             'order.renamed', 'queue-a', 'stock.renamed', 'queue-b', 'sold', $3)`,
      JSON.stringify(checkout), JSON.stringify(orders), channel,
    );
    return product.id;
  }

  /** The channels notified while `work` runs, and a moment after. */
  async function notifiedDuring(channels: string[], work: () => Promise<unknown>): Promise<string[]> {
    const listener = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await listener.connect();
    try {
      for (const channel of channels) await listener.query(`LISTEN ${channel}`);
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.channel));
      await work();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return heard;
    } finally {
      await listener.end();
    }
  }

  it('writes the event types, queues and reason it is given and notifies the channel it is given', async () => {
    let productId = '';
    expect(await notifiedDuring(['renamed_channel'], async () => (productId = await placeRenamed('renamed_channel')))).toEqual(['renamed_channel']);
    const rows = await ctx.db.outboxEvent.findMany({ where: { type: { in: ['order.renamed', 'stock.renamed'] } }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => ({ type: r.type, queue: r.queue, payload: r.payload }))).toEqual([
      { type: 'order.renamed', queue: 'queue-a', payload: { any: 'payload' } },
      { type: 'stock.renamed', queue: 'queue-b', payload: { productId, reason: 'sold' } },
    ]);
  });

  it('notifies no channel when it is handed none, as the application hands it (the relays are woken after its commit)', async () => {
    expect(await notifiedDuring([OUTBOX_CHANNEL, 'renamed_channel'], () => placeRenamed(null))).toEqual([]);
  });

  it('is handed the contract’s names when an order is placed through the API', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 1 });
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });

    const placed = await ctx.db.outboxEvent.findMany({ where: { type: 'order.placed' } });
    expect(placed.filter((e) => (e.payload as { orderId: string }).orderId === order._id).map((e) => e.queue)).toEqual(['orders']);
    const soldOut = await ctx.db.outboxEvent.findMany({ where: { type: 'stock.changed' } });
    expect(soldOut.filter((e) => (e.payload as { productId: string }).productId === product.id).map((e) => [e.queue, e.payload])).toEqual([
      ['stock', { productId: product.id, reason: 'ordered' }],
    ]);
  });
});
