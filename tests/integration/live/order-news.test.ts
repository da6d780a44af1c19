import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEnvelope, WsMessage } from '../../../core/contracts/ws';
import { createRedis } from '../../../core/infra/redis';
import { liveChannel } from '../../../core/modules/live/live-channel';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { openSocket, sleep, startTestWorkers } from '../../helpers/live-helpers';
import { loginSeller, operatorStoreId } from '../../helpers/seller-factories';

/**
 * Order changes made through the API are announced as they commit (order-news.ts), before the outbox relay and the
 * orders worker have run; the worker's own announcement of the same event follows and is delivered to nobody twice.
 */
describe('order changes announced as they commit', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let sellerCookie: string;
  let storeId: string;
  const published: LiveEnvelope[] = [];
  const listener = { close: async () => {} };

  beforeAll(async () => {
    ctx = await buildTestContext();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
    sellerCookie = await loginSeller(ctx);
    storeId = await operatorStoreId(ctx);
    // Everything published on the live channel, to see both announcements of one event.
    const sub = createRedis(ctx.config, 'worker');
    sub.on('message', (_channel, raw: string) => published.push(JSON.parse(raw) as LiveEnvelope));
    await sub.subscribe(liveChannel(ctx.prefix));
    listener.close = async () => void sub.disconnect();
  });
  afterAll(async () => {
    await listener.close();
    await ctx.close();
  });

  const unpublished = (orderId: string) =>
    ctx.db.outboxEvent.findMany({ where: { type: 'order.status_changed', publishedAt: null, payload: { path: ['orderId'], equals: orderId } } });

  async function placedOrder() {
    const owner = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { sellerId: storeId });
    const order = await placeCodOrder(ctx.app, owner.cookie, { items: [{ product: product.id, quantity: 1 }], address: owner.address._id });
    return { owner, order };
  }

  it("a seller's move reaches the shopper and the board with no worker running, and the worker's announcement of it is not delivered again", async () => {
    const { owner, order } = await placedOrder();
    const [ownerWs, boardWs] = await Promise.all([openSocket(baseUrl, { cookie: owner.cookie }), openSocket(baseUrl, { cookie: sellerCookie })]);
    const moved = (m: WsMessage) => m.type === 'order.updated' && m.order._id === order._id;

    const res = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: sellerCookie }, payload: { orderId: order._id, status: 'On The Way' } });
    expect(res.statusCode).toBe(200);
    const [toOwner, toBoard] = await Promise.all([ownerWs.next(moved), boardWs.next(moved)]);
    expect(toOwner).toMatchObject({ order: { status: 'On The Way', version: 2 } });
    expect(toBoard).toEqual(toOwner);
    // The answer and the announcement are the same order.
    expect(toOwner).toEqual({ type: 'order.updated', order: res.json().order });
    // Nothing has been relayed: the announcement came from the API, and the event waits in the outbox.
    const [event] = await unpublished(order._id);
    expect(event).toBeDefined();

    const stopWorkers = await startTestWorkers(ctx);
    try {
      await expect.poll(async () => (await unpublished(order._id)).length).toBe(0);
      // The worker announced the same event again, under the same id...
      await expect.poll(() => published.filter((e) => e.eventId === event!.id).length).toBe(2);
      await sleep(100);
      // ...and each socket had it once.
      expect(ownerWs.messages.filter(moved)).toHaveLength(1);
      expect(boardWs.messages.filter(moved)).toHaveLength(1);
    } finally {
      await stopWorkers();
    }
    ownerWs.close();
    boardWs.close();
  });

  it("a shopper's cancellation reaches the store's board with no worker running", async () => {
    const { owner, order } = await placedOrder();
    const boardWs = await openSocket(baseUrl, { cookie: sellerCookie });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/order/${order._id}/cancel`, headers: { cookie: owner.cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    const update = await boardWs.next((m) => m.type === 'order.updated' && m.order._id === order._id);
    expect(update).toMatchObject({ order: { status: 'Cancelled' } });
    expect(await unpublished(order._id)).toHaveLength(1);
    boardWs.close();
  });

  it('a move that changes nothing announces nothing', async () => {
    const { order } = await placedOrder();
    const before = published.length;
    const move = { orderId: order._id, status: 'Order Placed' };
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: sellerCookie }, payload: move });
    expect(res.statusCode).toBe(200);
    await sleep(100);
    expect(published.slice(before).filter((e) => e.message.type === 'order.updated')).toHaveLength(0);
  });
});
