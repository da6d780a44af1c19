import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { ensureConfiguredSeller } from '../../../core/modules/sellers/seller-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';
import { openSocket, sellerWithSession } from '../../helpers/live-helpers';
import { spawnRole, type RunningRole } from '../../helpers/processes';

const ORIGIN = 'http://localhost:3000';

/** Two API processes and a worker process, as in production behind a load balancer. */
describe('live updates across processes', () => {
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
    // Each role shuts down cleanly on SIGTERM.
    expect(codes).toEqual([0, 0, 0]);
  });

  async function call(base: string, method: string, url: string, cookie: string | undefined, body?: unknown) {
    const res = await fetch(base + url, {
      method,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json(), setCookie: res.headers.getSetCookie() };
  }

  it('a request to API A reaches sockets held by API B (and A)', async () => {
    const product = await createProduct(ctx.db);
    const registered = await call(apiA.url!, 'POST', '/api/user/register', undefined, { name: 'Meera', email: `meera-${Date.now()}@example.in`, password: 'long-enough-pw' });
    expect(registered.status).toBe(201);
    const shopperCookie = registered.setCookie.find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const address = await call(apiA.url!, 'POST', '/api/address/add', shopperCookie, {
      address: { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.in', street: '4 Anna Salai', city: 'Chennai', state: 'Tamil Nadu', zipcode: '600002', country: 'India', phone: '9812345678' },
    });
    expect(address.status).toBe(201);
    const seller = await sellerWithSession(ctx);

    const [shopperOnB, sellerOnA, sellerOnB] = await Promise.all([
      openSocket(apiB.url!, { cookie: shopperCookie }),
      openSocket(apiA.url!, { cookie: seller.cookie }),
      openSocket(apiB.url!, { cookie: seller.cookie }),
    ]);

    const placed = await call(apiA.url!, 'POST', '/api/order/cod', shopperCookie, { items: [{ product: product.id, quantity: 2 }], address: address.json.address._id });
    expect(placed.status).toBe(201);
    const orderId: string = placed.json.order._id;

    const isCreated = (m: WsMessage) => m.type === 'order.created' && m.order._id === orderId;
    await Promise.all([sellerOnA.next(isCreated), sellerOnB.next(isCreated)]);

    const moved = await call(apiA.url!, 'PUT', '/api/order/status', seller.cookie, { orderId, status: 'On The Way' });
    expect(moved.status).toBe(200);
    const update = await shopperOnB.next((m) => m.type === 'order.updated' && m.order._id === orderId);
    expect(update).toMatchObject({ order: { status: 'On The Way', version: 2 } });

    for (const ws of [shopperOnB, sellerOnA, sellerOnB]) ws.close();
  });

  it('a logout on API A closes that session’s sockets on API B within a second, and only that session’s', async () => {
    const registered = await call(apiA.url!, 'POST', '/api/user/register', undefined, { name: 'Ravi', email: `ravi-${Date.now()}@example.in`, password: 'long-enough-pw' });
    const cookie = registered.setCookie.find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const other = await call(apiA.url!, 'POST', '/api/user/register', undefined, { name: 'Uma', email: `uma-${Date.now()}@example.in`, password: 'long-enough-pw' });
    const otherCookie = other.setCookie.find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const [onB, otherOnB] = await Promise.all([openSocket(apiB.url!, { cookie }), openSocket(apiB.url!, { cookie: otherCookie })]);

    const started = Date.now();
    expect((await call(apiA.url!, 'GET', '/api/user/logout', cookie)).status).toBe(200);
    // The heartbeat is 30 s here: only the revocation channel can close it this fast.
    expect((await onB.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(otherOnB.socket.readyState).toBe(otherOnB.socket.OPEN);
    otherOnB.close();
  });

  it('a changed seller password closes the old seller sessions’ sockets on every API process within a second', async () => {
    await ensureConfiguredSeller(ctx.db, ctx.config);
    const login = await call(apiA.url!, 'POST', '/api/seller/login', undefined, ctx.config.seller);
    const cookie = login.setCookie.find((c) => c.startsWith('seller_sid='))!.split(';')[0]!;
    const [onA, onB] = await Promise.all([openSocket(apiA.url!, { cookie }), openSocket(apiB.url!, { cookie })]);

    const started = Date.now();
    // What an API process does at start when SELLER_PASSWORD changed.
    const changed = { ...ctx.config, seller: { ...ctx.config.seller, password: 'a-changed-password' } };
    expect((await ensureConfiguredSeller(ctx.db, changed, ctx.services.sessions)).action).toBe('updated');
    expect((await onA.closed).code).toBe(4401);
    expect((await onB.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
