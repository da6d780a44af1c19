import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { cookieFrom, loginSeller } from '../../helpers/seller-factories';
import { sellerRegisterBody } from '../../helpers/store-helpers';

const HEALTH_TOKEN = 'operator-health-token-0123456789';
const operator = { authorization: `Bearer ${HEALTH_TOKEN}` };

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ HEALTH_TOKEN });
  });
  afterAll(() => ctx.close());

  it('tells anyone only whether the store is up', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-000' }, { authorization: HEALTH_TOKEN }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'up' });
    }
  });

  it("gives the operator's seller session the details", async () => {
    const cookie = await loginSeller(ctx);
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } })).json();
    expect(body).toMatchObject({ success: true, status: 'up', postgres: { ok: true }, redis: { ok: true } });
  });

  it('tells a store that just registered (signed in, pending) only whether the store is up', async () => {
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/seller/register', payload: sellerRegisterBody() });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = cookieFrom(registered.headers['set-cookie'], 'seller_sid');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'up' });
  });

  it('reports PostgreSQL and Redis as up to the operator token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.postgres.ok).toBe(true);
    expect(body.redis.ok).toBe(true);
  });

  it('reports the outbox backlog, the age of its oldest row and the queue depths', async () => {
    // Earlier tests may have left rows of their own (a store's registration announces it).
    const before = await ctx.db.outboxEvent.count({ where: { publishedAt: null } });
    await ctx.db.outboxEvent.create({ data: { id: crypto.randomUUID(), type: 'stock.changed', queue: 'stock', payload: {}, createdAt: new Date(Date.now() - 5000) } });
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: operator })).json();
    expect(body.outbox.backlog).toBe(before + 1);
    expect(body.outbox.oldestAgeMs).toBeGreaterThanOrEqual(5000);
    for (const queue of ['orders', 'payments', 'stock']) {
      expect(body.queues[queue]).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    }
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'No such endpoint: GET /api/nope' });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
