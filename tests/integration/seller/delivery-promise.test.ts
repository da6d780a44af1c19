import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { DEFAULT_ETA_MINUTES } from '../../../core/domain/delivery-promise';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { openSocket, startTestWorkers } from '../../helpers/live-helpers';
import { loginSeller, operatorStoreId } from '../../helpers/seller-factories';

/** The arrival time promised as an order goes On The Way: stored, returned, announced live, and validated. */
describe('delivery promise on PUT /api/order/status', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;
  let cookie: string;
  let shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
  let productId: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
    stopWorkers = await startTestWorkers(ctx);
    cookie = await loginSeller(ctx);
    shopper = await shopperWithAddress(ctx.app);
    // The operator's seller area moves its own store's orders: the product is FreshCart's.
    productId = (await createProduct(ctx.db, { sellerId: await operatorStoreId(ctx) })).id;
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  const codOrder = () => placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: productId, quantity: 1 }], address: shopper.address._id });
  const update = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie }, payload });
  const minutesFrom = (iso: string, start: number) => (Date.parse(iso) - start) / 60_000;

  it('a new order has no promise yet', async () => {
    const order = await codOrder();
    expect(order.promisedAt).toBeNull();
  });

  it('promises the store default when the seller gives no estimate', async () => {
    const order = await codOrder();
    const start = Date.now();
    const res = await update({ orderId: order._id, status: 'On The Way' });
    expect(res.statusCode).toBe(200);
    const promised = minutesFrom(res.json().order.promisedAt, start);
    expect(promised).toBeGreaterThanOrEqual(DEFAULT_ETA_MINUTES - 0.1);
    expect(promised).toBeLessThanOrEqual(DEFAULT_ETA_MINUTES + 0.1);
  });

  it('promises the seller\'s estimate, shows it to the shopper live and in their list, and keeps it on delivery', async () => {
    const order = await codOrder();
    const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
    const start = Date.now();
    const res = await update({ orderId: order._id, status: 'On The Way', etaMinutes: 25 });
    expect(res.statusCode).toBe(200);
    const promisedAt = res.json().order.promisedAt as string;
    expect(minutesFrom(promisedAt, start)).toBeGreaterThanOrEqual(24.9);
    expect(minutesFrom(promisedAt, start)).toBeLessThanOrEqual(25.1);

    const live = await ws.next((m: WsMessage) => m.type === 'order.updated' && m.order._id === order._id && m.order.status === 'On The Way');
    expect(live).toMatchObject({ order: { promisedAt } });
    ws.close();

    const mine = (await ctx.app.inject({ url: '/api/order/user', headers: { cookie: shopper.cookie } })).json().orders as { _id: string; promisedAt: string | null }[];
    expect(mine.find((o) => o._id === order._id)?.promisedAt).toBe(promisedAt);

    // Delivered: the promise stays, and the Delivered history entry is the actual time to compare it with.
    const delivered = await update({ orderId: order._id, status: 'Delivered' });
    expect(delivered.json().order).toMatchObject({ status: 'Delivered', promisedAt, history: [{ to: 'Order Placed' }, { to: 'On The Way' }, { to: 'Delivered' }] });
  });

  it.each([
    ['zero', 0],
    ['too long', 241],
    ['fractional', 2.5],
    ['text', '10'],
  ])('refuses a %s estimate with 400, changing nothing', async (_label, etaMinutes) => {
    const order = await codOrder();
    const res = await update({ orderId: order._id, status: 'On The Way', etaMinutes });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/etaMinutes/);
    const row = await ctx.db.order.findUniqueOrThrow({ where: { id: order._id } });
    expect(row).toMatchObject({ status: 'ORDER_PLACED', promisedAt: null, version: order.version });
  });

  it('refuses an estimate with any other status (400)', async () => {
    const order = await codOrder();
    const res = await update({ orderId: order._id, status: 'Delivered', etaMinutes: 10 });
    expect(res.statusCode).toBe(400);
    expect((await ctx.db.order.findUniqueOrThrow({ where: { id: order._id } })).promisedAt).toBeNull();
  });

  it('moving an order already On The Way again keeps its first promise', async () => {
    const order = await codOrder();
    const first = (await update({ orderId: order._id, status: 'On The Way', etaMinutes: 5 })).json().order;
    const again = await update({ orderId: order._id, status: 'On The Way', etaMinutes: 60 });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.promisedAt).toBe(first.promisedAt);
  });
});
