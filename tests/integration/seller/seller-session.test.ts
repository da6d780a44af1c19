import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../../core/modules/accounts/password';
import { hashToken } from '../../../core/modules/accounts/session-service';
import { ensureConfiguredSeller } from '../../../core/modules/sellers/seller-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { cookieFrom, loginSeller, shopperCookie } from '../../helpers/seller-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestContext();
});
afterAll(() => ctx.close());

const login = (payload: unknown, ip = '203.0.113.10') =>
  ctx.app.inject({ method: 'POST', url: '/api/seller/login', payload: payload as object, remoteAddress: ip });
const clearLoginCounters = async () => {
  const keys = await ctx.redis.keys(`${ctx.prefix}:login:seller:*`);
  if (keys.length) await ctx.redis.del(...keys);
};
const isAuth = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/seller/is-auth', headers: cookie ? { cookie } : {} });

describe('ensureConfiguredSeller (run at start)', () => {
  it('creates the configured seller once with a hashed password, and leaves it alone on the next start', async () => {
    const first = await ensureConfiguredSeller(ctx.db, ctx.config);
    const second = await ensureConfiguredSeller(ctx.db, ctx.config);
    expect(first.action).toBe('created');
    expect(second).toEqual({ sellerId: first.sellerId, action: 'unchanged' });
    const row = await ctx.db.seller.findUniqueOrThrow({ where: { id: first.sellerId } });
    expect(row.email).toBe(ctx.config.seller.email);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(ctx.config.seller.password);
  });

  it('takes a changed SELLER_PASSWORD and ends the sessions opened with the old one', async () => {
    const cookie = await loginSeller(ctx);
    const changed = { ...ctx.config, seller: { email: ctx.config.seller.email, password: 'a-brand-new-password' } };
    expect((await ensureConfiguredSeller(ctx.db, changed)).action).toBe('updated');
    expect((await isAuth(cookie)).json().success).toBe(false);
    expect((await login(changed.seller)).statusCode).toBe(200);
    // Back to the configured password for the rest of the file.
    expect((await ensureConfiguredSeller(ctx.db, ctx.config)).action).toBe('updated');
  });
});

describe('POST /api/seller/login', () => {
  it('opens a seller session in its own httpOnly seller_sid cookie', async () => {
    await ensureConfiguredSeller(ctx.db, ctx.config);
    const res = await login({ email: ctx.config.seller.email.toUpperCase(), password: ctx.config.seller.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged in' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^seller_sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(res.headers['set-cookie']).not.toMatch(/(^|,\s*)sid=/);
    // The operator's account: its own approved store, 'FreshCart', greeted as Admin.
    expect((await isAuth(cookieFrom(res.headers['set-cookie'], 'seller_sid'))).json()).toEqual({
      success: true,
      seller: { id: expect.any(String), name: 'Admin', storeName: 'FreshCart', status: 'approved', statusReason: null, isOperator: true },
    });
  });

  it('refuses a wrong password and an unknown email with the same 401 message', async () => {
    const wrong = await login({ email: ctx.config.seller.email, password: 'not-the-password' }, '203.0.113.20');
    const unknown = await login({ email: 'nobody@example.in', password: 'whatever-123' }, '203.0.113.20');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a missing password or a malformed email with 400', async () => {
    const noPassword = await login({ email: ctx.config.seller.email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toMatch(/Password is required/);
    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/valid email/);
  });

  it('is rate-limited like shopper login: after 5 failures that client gets 429, a fresh client still logs in', async () => {
    const email = ctx.config.seller.email;
    await clearLoginCounters();
    for (let i = 0; i < 5; i++) expect((await login({ email, password: `guess-${i}` }, '198.51.100.7')).statusCode).toBe(401);
    const locked = await login({ email, password: ctx.config.seller.password }, '198.51.100.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed login attempts/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else's failures never lock the seller out.
    expect((await login({ email, password: ctx.config.seller.password }, '198.51.100.8')).statusCode).toBe(200);
    // The counters live in Redis under this file's prefix, shared by every API instance.
    expect(await ctx.redis.keys(`${ctx.prefix}:login:seller:*`)).not.toHaveLength(0);
    await clearLoginCounters();
  });

  it('replaces a seller hash made at an older cost on the next login', async () => {
    const { sellerId } = await ensureConfiguredSeller(ctx.db, ctx.config);
    const older = await createPasswordHasher({ logN: ctx.config.passwordScryptLogN - 1 }).hash(ctx.config.seller.password);
    await ctx.db.seller.update({ where: { id: sellerId }, data: { passwordHash: older } });
    expect((await login(ctx.config.seller, '198.51.100.9')).statusCode).toBe(200);
    const upgraded = await ctx.db.seller.findUniqueOrThrow({ where: { id: sellerId } });
    expect(upgraded.passwordHash.split('$')[1]).toBe(String(2 ** ctx.config.passwordScryptLogN));
  });
});

describe('GET /api/seller/is-auth', () => {
  it('says "not a seller" (200, success false) without a cookie, with a forged one, and with a shopper session', async () => {
    const shopper = await shopperCookie(ctx);
    const shopperToken = shopper.cookie.split('=')[1]!;
    for (const cookie of [undefined, 'seller_sid=forged-token', shopper.cookie, `seller_sid=${shopperToken}`]) {
      const res = await isAuth(cookie);
      expect(res.statusCode, String(cookie)).toBe(200);
      expect(res.json()).toEqual({ success: false, message: 'Seller login required' });
    }
  });
});

describe('GET /api/seller/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const cookie = await loginSeller(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/seller/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out' });
    expect(String(res.headers['set-cookie'])).toMatch(/^seller_sid=;/);
    // The old token is dead even if a client kept it.
    expect((await isAuth(cookie)).json().success).toBe(false);
  });

  it('succeeds and clears the cookie without a live session too (revoked, expired, forged or none), as the shopper’s does', async () => {
    const revoked = await loginSeller(ctx);
    await ctx.services.sessions.revoke(revoked.slice('seller_sid='.length));
    const expired = await loginSeller(ctx);
    await ctx.db.session.update({ where: { tokenHash: hashToken(expired.slice('seller_sid='.length)) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const cookie of [revoked, expired, 'seller_sid=forged-token', undefined]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/seller/logout', headers: cookie ? { cookie } : {} });
      expect(res.statusCode, String(cookie)).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Logged out' });
      expect(res.cookies.find((c) => c.name === 'seller_sid')?.value, String(cookie)).toBe('');
    }
  });
});

describe('every seller call', () => {
  const id = randomUUID();
  const calls = [
    { method: 'POST', url: '/api/product/add', payload: { productData: '{}' } },
    { method: 'POST', url: '/api/product/stock', payload: { id, inStock: false } },
    { method: 'DELETE', url: `/api/product/${id}/delete` },
    { method: 'GET', url: '/api/product/seller-list' },
    { method: 'GET', url: '/api/order/seller' },
    { method: 'PUT', url: '/api/order/status', payload: { orderId: id, status: 'Delivered' } },
    // Invalid bodies too: the session is checked before the body is even validated.
    { method: 'PUT', url: '/api/order/status', payload: { nonsense: true } },
  ] as const;

  it.each(calls)('$method $url is 401 without a session and with a shopper session', async (call) => {
    const shopper = await shopperCookie(ctx);
    for (const headers of [{}, { cookie: shopper.cookie }]) {
      const res = await ctx.app.inject({ ...call, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Seller login required' });
    }
  });
});
