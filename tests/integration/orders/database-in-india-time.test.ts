import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/orders';
import { createLogger } from '../../../core/infra/logger';
import { createRedis } from '../../../core/infra/redis';
import { touchOrder } from '../../../core/modules/orders/order-announcements';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { createOutboxRelay } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { postCancel } from '../../helpers/payment-flows';
import { loginSeller, operatorStoreId } from '../../helpers/seller-factories';

/**
 * A PostgreSQL set up on a machine in India runs its sessions in Asia/Kolkata (initdb takes the machine's zone). The
 * application stores every time in UTC without a zone, so what it compares with the clock, and what it stamps with
 * it, must be the UTC clock, not the session's: nothing may move by five and a half hours.
 */
describe('a database whose sessions run in India time', () => {
  let ctx: TestContext;
  let sellerCookie: string;
  let storeId: string;
  const previousOptions = process.env.PGOPTIONS;

  beforeAll(async () => {
    // Every connection this file opens (the app's pools, the relay's) starts its session in India time.
    process.env.PGOPTIONS = '-c TimeZone=Asia/Kolkata';
    ctx = await buildTestContext();
    sellerCookie = await loginSeller(ctx);
    storeId = await operatorStoreId(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    if (previousOptions === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = previousOptions;
  });

  const board = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/order/seller${query}`, headers: { cookie: sellerCookie } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { orders: OrderDto[] }).orders.map((o) => o._id);
  };
  const withinAMinute = (at: Date) => expect(Math.abs(at.getTime() - Date.now())).toBeLessThan(60_000);

  it('is in India time here', async () => {
    const [row] = await ctx.db.$queryRaw<{ zone: string }[]>`SELECT current_setting('TimeZone') AS zone`;
    expect(row?.zone).toBe('Asia/Kolkata');
  });

  it('leads the seller board with orders past their promise only, not every order on its way', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { sellerId: storeId });
    const place = () => placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const dispatched = await place();
    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: sellerCookie }, payload: { orderId: dispatched._id, status: 'On The Way', etaMinutes: 30 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const newer = await place();

    // Promised half an hour from now: on time, so the newest order leads.
    expect(await board('?limit=1')).toEqual([newer._id]);

    await ctx.db.order.update({ where: { id: dispatched._id }, data: { promisedAt: new Date(Date.now() - 60_000) } });
    expect(await board('?limit=1')).toEqual([dispatched._id]);
  });

  it('stamps an order touched by its refund, and the products a cancellation restocks, with the time it is', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { sellerId: storeId, stockQuantity: 5 });
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id });

    await ctx.transaction((tx) => touchOrder(tx, order._id));
    withinAMinute((await ctx.db.order.findUniqueOrThrow({ where: { id: order._id } })).updatedAt);

    expect((await postCancel(ctx.app, shopper.cookie, order._id)).statusCode).toBe(200);
    const restocked = await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(restocked.stockQuantity).toBe(5);
    withinAMinute(restocked.updatedAt);
  });

  it('records when the relay published an event as the time it is', async () => {
    const connection = createRedis(ctx.config, 'producer');
    const queues = createQueues(connection, ctx.prefix);
    const relay = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs: 60_000 });
    try {
      const eventId = await ctx.transaction((tx) => appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'toggled' }));
      await relay.drainNow();
      const row = await ctx.db.outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
      withinAMinute(row.publishedAt!);
    } finally {
      await relay.stop();
      await Promise.all(Object.values(queues).map((q) => q.obliterate({ force: true }).then(() => q.close())));
      connection.disconnect();
    }
  });

  it("schedules a payment row's first late check an hour after it was made, even when the row is made by SQL alone", async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 2 });
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const { checkoutId } = await ctx.db.order.findUniqueOrThrow({ where: { id: order._id }, select: { checkoutId: true } });
    // As an older process writes it during a deploy: its times in UTC, as Prisma sends them, and no late_check_at
    // given, so the column's default decides.
    const [row] = await ctx.db.$queryRaw<{ hours: number }[]>`
      INSERT INTO payments (id, checkout_id, gateway, gateway_order_id, amount_paise, created_at, updated_at)
      VALUES (gen_random_uuid(), ${checkoutId}::uuid, 'simulated', ${`order_sql_${Date.now()}`}, 100,
              now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
      RETURNING extract(epoch FROM late_check_at - created_at)::float / 3600 AS hours`;
    expect(row!.hours).toBeCloseTo(1, 2);
  });
});

