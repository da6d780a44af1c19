import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { ensureConfiguredSeller } from '../../../core/modules/sellers/seller-service';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';
import { openSocket, sleep, userWithSession } from '../../helpers/live-helpers';
import { insertOrderRow } from '../../helpers/order-rows';
import { spawnRole, type RunningRole } from '../../helpers/processes';
import { storeWithSession } from '../../helpers/store-helpers';

const ORIGIN = 'http://localhost:3000';

/** Two API processes and a worker: each store's board hears only its own orders; the operator hears every store's. */
describe('live updates per store, across processes', () => {
  let ctx: TestContext;
  let apiA: RunningRole;
  let apiB: RunningRole;
  let worker: RunningRole;

  beforeAll(async () => {
    ctx = await buildTestContext();
    const env = { DATABASE_URL: ctx.config.databaseUrl, REDIS_URL: ctx.config.redisUrl, REDIS_PREFIX: ctx.prefix, PUBLIC_ORIGIN: ORIGIN, UPLOAD_DIR: ctx.config.uploadDir, SERVE_CLIENT: 'false' };
    [apiA, apiB, worker] = await Promise.all([spawnRole('api', env), spawnRole('api', env), spawnRole('worker', env)]);
  }, 60_000);

  afterAll(async () => {
    const codes = await Promise.all([apiA, apiB, worker].map((p) => p?.stop()));
    await ctx.close();
    expect(codes).toEqual([0, 0, 0]);
  });

  async function call(base: string, method: string, url: string, cookie: string | undefined, body?: unknown) {
    const res = await fetch(base + url, {
      method,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  }

  async function operatorCookie(): Promise<string> {
    // The API processes ensured the configured account at start; its session is made directly.
    const { sellerId } = await ensureConfiguredSeller(ctx.db, ctx.config);
    const { token } = await ctx.services.sessions.create({ sellerId });
    return `seller_sid=${token}`;
  }

  it("delivers each store's order news to that store's board (on either process) and the operator, never the other store", async () => {
    const storeA = await storeWithSession(ctx, { storeName: 'Live A' });
    const storeB = await storeWithSession(ctx, { storeName: 'Live B' });
    const operator = await operatorCookie();
    const shopper = await userWithSession(ctx, 'Shopper');
    const productA = await createProduct(ctx.db, { sellerId: storeA.sellerId });
    const productB = await createProduct(ctx.db, { sellerId: storeB.sellerId });

    const [aOnA, bOnB, bOnA, operatorOnB, shopperOnA] = await Promise.all([
      openSocket(apiA.url!, { cookie: storeA.cookie }),
      openSocket(apiB.url!, { cookie: storeB.cookie }),
      openSocket(apiA.url!, { cookie: storeB.cookie }),
      openSocket(apiB.url!, { cookie: operator }),
      openSocket(apiA.url!, { cookie: shopper.cookie }),
    ]);
    expect(aOnA.messages[0]).toEqual({ type: 'hello', role: 'seller', pingEveryMs: 1_000 });
    expect(operatorOnB.messages[0]).toEqual({ type: 'hello', role: 'operator', pingEveryMs: 1_000 });

    const orderA = await insertOrderRow(ctx.db, { userId: shopper.userId, sellerId: storeA.sellerId, productId: productA.id });
    const orderB = await insertOrderRow(ctx.db, { userId: shopper.userId, sellerId: storeB.sellerId, productId: productB.id });
    await ctx.transaction(async (tx) => {
      await appendEvent(tx, 'order.placed', { orderId: orderA.id, userId: shopper.userId });
      await appendEvent(tx, 'order.placed', { orderId: orderB.id, userId: shopper.userId });
    });
    const created = (id: string) => (m: WsMessage) => m.type === 'order.created' && m.order._id === id;
    await Promise.all([aOnA.next(created(orderA.id)), bOnB.next(created(orderB.id)), bOnA.next(created(orderB.id))]);
    await Promise.all([operatorOnB.next(created(orderA.id)), operatorOnB.next(created(orderB.id))]);
    await Promise.all([shopperOnA.next(created(orderA.id)), shopperOnA.next(created(orderB.id))]);

    // Store A moves its order through API B; store B moves its own through API A.
    expect((await call(apiB.url!, 'PUT', '/api/order/status', storeA.cookie, { orderId: orderA.id, status: 'On The Way' })).status).toBe(200);
    expect((await call(apiA.url!, 'PUT', '/api/order/status', storeB.cookie, { orderId: orderB.id, status: 'Delivered' })).status).toBe(200);
    const updated = (id: string) => (m: WsMessage) => m.type === 'order.updated' && m.order._id === id;
    const [toA] = await Promise.all([aOnA.next(updated(orderA.id)), bOnB.next(updated(orderB.id)), bOnA.next(updated(orderB.id))]);
    expect(toA).toMatchObject({ order: { status: 'On The Way', seller: { id: storeA.sellerId, storeName: 'Live A' } } });
    await Promise.all([operatorOnB.next(updated(orderA.id)), operatorOnB.next(updated(orderB.id))]);

    await sleep(300);
    const about = (ws: typeof aOnA, id: string) => ws.messages.filter((m) => (m.type === 'order.created' || m.type === 'order.updated') && m.order._id === id);
    expect(about(aOnA, orderB.id)).toEqual([]);
    expect(about(bOnB, orderA.id)).toEqual([]);
    expect(about(bOnA, orderA.id)).toEqual([]);
    // Each socket heard each of its messages once.
    expect(about(operatorOnB, orderA.id)).toHaveLength(2);
    expect(about(aOnA, orderA.id)).toHaveLength(2);
    for (const ws of [aOnA, bOnB, bOnA, operatorOnB, shopperOnA]) ws.close();
  });

  it("brings the operator's approval to the pending store's open page live, and its products to shoppers", async () => {
    const pending = await storeWithSession(ctx, { storeName: 'Waiting Store', status: 'PENDING' });
    const other = await storeWithSession(ctx, { storeName: 'Bystander' });
    const product = await createProduct(ctx.db, { sellerId: pending.sellerId });
    const operator = await operatorCookie();
    const [pendingOnB, otherOnB, operatorOnA, visitorOnB] = await Promise.all([
      openSocket(apiB.url!, { cookie: pending.cookie }),
      openSocket(apiB.url!, { cookie: other.cookie }),
      openSocket(apiA.url!, { cookie: operator }),
      openSocket(apiB.url!),
    ]);

    const res = await call(apiA.url!, 'PUT', `/api/admin/sellers/${pending.sellerId}/status`, operator, { status: 'approved' });
    expect(res.status).toBe(200);
    const isStore = (m: WsMessage) => m.type === 'store.updated' && m.store.id === pending.sellerId;
    const [toStore, toOperator] = await Promise.all([pendingOnB.next(isStore), operatorOnA.next(isStore)]);
    expect(toStore).toMatchObject({ store: { status: 'approved', storeName: 'Waiting Store' } });
    expect(toOperator).toEqual(toStore);
    await visitorOnB.next((m) => m.type === 'product.updated' && m.product._id === product.id);
    // API B's cached catalogue follows too.
    const listed = await fetch(`${apiB.url}/api/product/list`).then((r) => r.json());
    expect(listed.products.map((p: { _id: string }) => p._id)).toContain(product.id);

    await sleep(200);
    expect(otherOnB.messages.filter((m) => m.type === 'store.updated')).toEqual([]);
    expect(visitorOnB.messages.filter((m) => m.type === 'store.updated')).toEqual([]);

    // Suspended: open shopper pages drop its product.
    await call(apiA.url!, 'PUT', `/api/admin/sellers/${pending.sellerId}/status`, operator, { status: 'suspended', reason: 'Paused' });
    await visitorOnB.next((m) => m.type === 'product.removed' && m.productId === product.id);
    await pendingOnB.next((m) => m.type === 'store.updated' && m.store.status === 'suspended');
    for (const ws of [pendingOnB, otherOnB, operatorOnA, visitorOnB]) ws.close();
  });

  it("shows a store that just signed up on the operator's open page live, and on no other store's", async () => {
    const operator = await operatorCookie();
    const other = await storeWithSession(ctx, { storeName: 'Onlooker' });
    const [operatorOnB, otherOnA] = await Promise.all([openSocket(apiB.url!, { cookie: operator }), openSocket(apiA.url!, { cookie: other.cookie })]);
    const body = {
      storeName: 'Brand New Mart',
      name: 'Kiran',
      email: `new-mart-${Date.now()}@example.in`,
      phone: '9876543210',
      password: 'new-mart-password',
      address: { firstName: 'Kiran', lastName: 'Rao', email: 'kiran@example.in', street: '1 Main Road', city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '9876543210' },
    };
    const res = await call(apiA.url!, 'POST', '/api/seller/register', undefined, body);
    expect(res.status).toBe(201);
    const created = await operatorOnB.next((m) => m.type === 'store.updated' && m.store.storeName === 'Brand New Mart');
    expect(created).toMatchObject({ store: { status: 'pending', email: body.email } });
    await sleep(200);
    expect(otherOnA.messages.filter((m) => m.type === 'store.updated')).toEqual([]);
    for (const ws of [operatorOnB, otherOnA]) ws.close();
  });
});
