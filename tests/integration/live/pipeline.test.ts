import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { transitionOrder } from '../../../core/modules/orders/order-transitions';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';
import { insertOrder, openSocket, sellerWithSession, sleep, startLiveStack, userWithSession } from '../../helpers/live-helpers';

describe('outbox → BullMQ → pub/sub → WebSocket', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    ctx = await buildTestContext({ WS_HEARTBEAT_MS: '1000' });
    ({ baseUrl, stop: stopWorkers } = await startLiveStack(ctx));
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  it('delivers an order status change to its owner and to sellers, and to no one else', async () => {
    const owner = await userWithSession(ctx, 'Owner');
    const stranger = await userWithSession(ctx, 'Stranger');
    const seller = await sellerWithSession(ctx);
    const [ownerWs, strangerWs, sellerWs, visitorWs] = await Promise.all([
      openSocket(baseUrl, { cookie: owner.cookie }),
      openSocket(baseUrl, { cookie: stranger.cookie }),
      openSocket(baseUrl, { cookie: seller.cookie }),
      openSocket(baseUrl),
    ]);
    expect(ownerWs.messages[0]).toEqual({ type: 'hello', role: 'user', pingEveryMs: 1_000 });
    expect(sellerWs.messages[0]).toEqual({ type: 'hello', role: 'seller', pingEveryMs: 1_000 });
    expect(visitorWs.messages[0]).toEqual({ type: 'hello', role: 'visitor', pingEveryMs: 1_000 });

    const order = await insertOrder(ctx.db, owner.userId);
    await ctx.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'On The Way', actor: { type: 'seller', id: seller.sellerId } }));

    const isThisOrder = (m: WsMessage) => m.type === 'order.updated' && m.order._id === order.id;
    const [toOwner, toSeller] = await Promise.all([ownerWs.next(isThisOrder), sellerWs.next(isThisOrder)]);
    expect(toOwner).toMatchObject({ order: { status: 'On The Way', version: 2, history: [{ to: 'Order Placed' }, { from: 'Order Placed', to: 'On The Way', actor: 'seller' }] } });
    expect(toSeller).toEqual(toOwner);

    await sleep(200);
    expect(strangerWs.messages.filter(isThisOrder)).toHaveLength(0);
    expect(visitorWs.messages.filter(isThisOrder)).toHaveLength(0);
    for (const ws of [ownerWs, strangerWs, sellerWs, visitorWs]) ws.close();
  });

  it('announces a status change written before events carried the order, reading the order as it is', async () => {
    const owner = await userWithSession(ctx, 'Earlier');
    const ownerWs = await openSocket(baseUrl, { cookie: owner.cookie });
    const order = await insertOrder(ctx.db, owner.userId);
    await ctx.transaction(async (tx) => {
      await tx.order.update({ where: { id: order.id }, data: { status: 'ON_THE_WAY', version: { increment: 1 } } });
      await appendEvent(tx, 'order.status_changed', { orderId: order.id, userId: owner.userId, from: 'Order Placed', to: 'On The Way', isPaid: false, version: 2 });
    });
    const message = await ownerWs.next((m) => m.type === 'order.updated' && m.order._id === order.id);
    expect(message).toMatchObject({ order: { _id: order.id, status: 'On The Way', version: 2 } });
    ownerWs.close();
  });

  it('announces a new order as order.created to sellers and to its owner (their other tabs), and to no one else', async () => {
    const owner = await userWithSession(ctx);
    const stranger = await userWithSession(ctx, 'Stranger');
    const seller = await sellerWithSession(ctx);
    const [sellerWs, ownerWs, strangerWs] = await Promise.all([
      openSocket(baseUrl, { cookie: seller.cookie }),
      openSocket(baseUrl, { cookie: owner.cookie }),
      openSocket(baseUrl, { cookie: stranger.cookie }),
    ]);
    const order = await insertOrder(ctx.db, owner.userId);
    await ctx.transaction((tx) => appendEvent(tx, 'order.placed', { orderId: order.id, userId: owner.userId }));
    const isCreated = (m: WsMessage) => m.type === 'order.created' && m.order._id === order.id;
    const [created, toOwner] = await Promise.all([sellerWs.next(isCreated), ownerWs.next(isCreated)]);
    expect(created).toMatchObject({ order: { _id: order.id, status: 'Order Placed' } });
    expect(toOwner).toEqual(created);
    await sleep(200);
    expect(strangerWs.messages.filter(isCreated)).toHaveLength(0);
    for (const ws of [sellerWs, ownerWs, strangerWs]) ws.close();
  });

  it('tells everyone when a product goes out of stock, and drops the cached catalogue', async () => {
    const visitorWs = await openSocket(baseUrl);
    const product = await createProduct(ctx.db, { name: 'Live Bananas', category: 'Fruits', description: [], pricePaise: 6000, offerPricePaise: 5000, images: ['/b.svg'] });
    ctx.services.catalog.invalidate();
    expect((await ctx.app.inject('/api/product/list')).json().products.map((p: { _id: string }) => p._id)).toContain(product.id);

    await ctx.transaction(async (tx) => {
      await tx.product.update({ where: { id: product.id }, data: { inStock: false } });
      await appendEvent(tx, 'stock.changed', { productId: product.id, reason: 'toggled' });
    });
    const update = await visitorWs.next((m) => m.type === 'product.updated');
    expect(update).toMatchObject({ product: { _id: product.id, inStock: false } });
    await sleep(20);
    expect((await ctx.app.inject('/api/product/list')).json().products.map((p: { _id: string }) => p._id)).not.toContain(product.id);
    visitorWs.close();
  });

  it('delivers a duplicated event once', async () => {
    const owner = await userWithSession(ctx);
    const ownerWs = await openSocket(baseUrl, { cookie: owner.cookie });
    const order = await insertOrder(ctx.db, owner.userId);
    await ctx.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'Delivered', actor: { type: 'seller' } }));
    await ownerWs.next((m) => m.type === 'order.updated');
    // Publish the same outbox row again, as a relay that crashed before marking it would.
    await ctx.db.outboxEvent.updateMany({ where: { type: 'order.status_changed', payload: { path: ['orderId'], equals: order.id } }, data: { publishedAt: null } });
    await ctx.db.$executeRaw`SELECT pg_notify('outbox_event', '')`;
    await sleep(500);
    expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    expect(ownerWs.messages.filter((m) => m.type === 'order.updated')).toHaveLength(1);
    ownerWs.close();
  });

  it('refuses a socket opened from another site', async () => {
    await expect(openSocket(baseUrl, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });

  it('accepts a socket from a loopback alias of the store, and not from a dev server that is not running', async () => {
    expect(ctx.config.publicOrigin).toBe('http://localhost:3000');
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const ws = await openSocket(baseUrl, { origin });
      ws.close();
    }
    await expect(openSocket(baseUrl, { origin: 'http://localhost:5173' })).rejects.toThrow(/403/);
  });

  it('closes a socket that sends anything', async () => {
    const ws = await openSocket(baseUrl);
    ws.socket.send('hello?');
    expect((await ws.closed).code).toBe(4400);
  });

  it('closes a socket that sends an oversized frame', async () => {
    const ws = await openSocket(baseUrl);
    ws.socket.send('x'.repeat(10_000));
    expect((await ws.closed).code).toBe(1009);
  });

  it('stops a revoked session from receiving private messages', async () => {
    const owner = await userWithSession(ctx);
    const ws = await openSocket(baseUrl, { cookie: owner.cookie });
    await ctx.services.sessions.revoke(owner.token);
    expect((await ws.closed).code).toBe(4401);
  });
});
