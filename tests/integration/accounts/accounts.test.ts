import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../../core/modules/accounts/password';
import { createSessionRepository } from '../../../core/modules/accounts/session-repository';
import { hashToken } from '../../../core/modules/accounts/session-service';
import { createServices } from '../../../core/services';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createAddress, createProduct, registerUser, sessionCookie } from '../../helpers/factories';
import { sellerRegisterBody } from '../../helpers/store-helpers';

describe('shopper accounts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const register = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/user/register', payload });
  const login = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/user/login', payload });
  const isAuth = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: cookie ? { cookie } : {} });

  describe('POST /api/user/register', () => {
    it('creates the account, opens a session in an httpOnly SameSite=Lax cookie and answers the user', async () => {
      const res = await register({ name: '  Ravi Kumar ', email: 'Ravi@Example.com', password: 'long-enough-pw', phone: '+919812345678' });

      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message: 'Account created',
        user: { _id: expect.any(String), name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9812345678', cartItems: {} },
      });
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy(); // served over http here; see the https case below
      expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    });

    it('stores the password as an scrypt hash and the session token only as its SHA-256 hash, with an expiry', async () => {
      const res = await register({ name: 'Meera', email: 'meera@example.com', password: 'meera-secret-1' });
      const token = res.cookies.find((c) => c.name === 'sid')!.value;

      const user = await ctx.db.user.findUniqueOrThrow({ where: { email: 'meera@example.com' }, include: { sessions: true } });
      // At the configured cost (production's default, 2^17, is asserted in tests/unit/accounts/password.test.ts).
      expect(user.passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** ctx.config.passwordScryptLogN}\\$8\\$1\\$[\\w-]+\\$[\\w-]+$`));
      expect(user.passwordHash).not.toContain('meera-secret-1');
      expect(user.sessions).toHaveLength(1);
      expect(user.sessions[0]!.tokenHash).toBe(hashToken(token));
      expect(user.sessions[0]!.tokenHash).not.toBe(token);
      expect(user.sessions[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    });

    it('stores a mobile number as its 10 digits, however it was typed, as Become Seller and the address form do', async () => {
      const typed = ['9876543210', '+919876543210', '919876543210', '98765 43210', '+91 98765-43210', 9876543210];
      for (const [n, phone] of typed.entries()) {
        const res = await register({ name: 'Ravi', email: `mobile-${n}@example.com`, password: 'long-enough-pw', phone });
        expect(res.statusCode, String(phone)).toBe(201);
        expect(res.json().user.phone, String(phone)).toBe('9876543210');
        expect((await ctx.db.user.findUniqueOrThrow({ where: { email: `mobile-${n}@example.com` } })).phone).toBe('9876543210');
      }
      const seller = await ctx.app.inject({ method: 'POST', url: '/api/seller/register', payload: sellerRegisterBody({ phone: '+91 98765-43210' }) });
      expect(seller.json().seller.phone).toBe('9876543210');
      const shopper = await registerUser(ctx.app);
      expect((await createAddress(ctx.app, shopper.cookie, { phone: '+91 98765-43210' })).phone).toBe('9876543210');
    });

    it('refuses a phone that is no mobile number with 400, creating nothing', async () => {
      for (const phone of ['12345', '+1 5551234567', '5876543210', '98765432101', '']) {
        const res = await register({ name: 'Ravi', email: 'not-a-mobile@example.com', password: 'long-enough-pw', phone });
        expect(res.statusCode, phone).toBe(400);
        expect(res.json().message, phone).toContain('Enter a 10-digit mobile number');
      }
      expect(await ctx.db.user.count({ where: { email: 'not-a-mobile@example.com' } })).toBe(0);
    });

    it('refuses a second account for the same email, whatever its letter case (409)', async () => {
      await register({ name: 'First', email: 'twin@example.com', password: 'password-one' });
      const res = await register({ name: 'Second', email: '  TWIN@Example.COM ', password: 'password-two' });

      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'Email already registered' });
      expect(await ctx.db.user.count({ where: { email: 'twin@example.com' } })).toBe(1);
    });

    it('gives one account to two sign-ups for the same email racing each other', async () => {
      const results = await Promise.all([1, 2, 3].map((n) => register({ name: `Racer ${n}`, email: 'racer@example.com', password: 'racing-password' })));

      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await ctx.db.user.count({ where: { email: 'racer@example.com' } })).toBe(1);
    });

    it.each([
      [{ email: 'a@example.com', password: 'password123' }, 'Name is required'],
      [{ name: 'A', password: 'password123' }, 'Email is required'],
      [{ name: 'A', email: 'not-an-email', password: 'password123' }, 'Enter a valid email address'],
      [{ name: 'A', email: 'a@example.com' }, 'Password is required'],
      [{ name: 'A', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
      [{ name: '   ', email: 'a@example.com', password: 'password123' }, 'Name is required'],
    ])('refuses %j with a 400 saying what is wrong', async (payload, message) => {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(res.cookies).toHaveLength(0);
    });
  });

  describe('POST /api/user/login', () => {
    it('logs in with the right password, whatever the email letter case, and sets a new session cookie', async () => {
      const shopper = await registerUser(ctx.app, { email: 'Login.Case@example.com' });
      const res = await login({ email: 'LOGIN.CASE@EXAMPLE.COM', password: shopper.password });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, user: { _id: shopper.user._id, email: 'login.case@example.com' } });
      const cookie = sessionCookie(res);
      expect(cookie).not.toBe(shopper.cookie);
      expect((await isAuth(cookie)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email with the same 401, revealing neither', async () => {
      const shopper = await registerUser(ctx.app);
      const wrongPassword = await login({ email: shopper.email, password: 'not-the-password' });
      const unknownEmail = await login({ email: 'nobody-here@example.com', password: shopper.password });

      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, message: 'Invalid email or password', code: 'invalid_credentials' });
        expect(res.cookies).toHaveLength(0);
      }
    });

    it('replaces a hash made at an older, cheaper cost with one at the configured cost on the next login', async () => {
      const shopper = await registerUser(ctx.app);
      const older = await createPasswordHasher({ logN: ctx.config.passwordScryptLogN - 2 }).hash(shopper.password);
      await ctx.db.user.update({ where: { id: shopper.user._id }, data: { passwordHash: older } });

      expect((await login({ email: shopper.email, password: 'not-the-password' })).statusCode).toBe(401);
      expect((await ctx.db.user.findUniqueOrThrow({ where: { id: shopper.user._id } })).passwordHash).toBe(older);
      expect((await login({ email: shopper.email, password: shopper.password })).statusCode).toBe(200);

      const upgraded = (await ctx.db.user.findUniqueOrThrow({ where: { id: shopper.user._id } })).passwordHash;
      expect(upgraded.split('$')[1]).toBe(String(2 ** ctx.config.passwordScryptLogN));
      expect((await login({ email: shopper.email, password: shopper.password })).statusCode).toBe(200);
    });

    it('ends the session the browser held before, so switching accounts leaves no live session behind', async () => {
      const first = await registerUser(ctx.app);
      const second = await registerUser(ctx.app);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { cookie: first.cookie }, payload: { email: second.email, password: second.password } });

      expect(res.statusCode).toBe(200);
      expect((await isAuth(first.cookie)).json().success).toBe(false);
    });
  });

  describe('GET /api/user/is-auth', () => {
    it('answers the logged-in user with the stored cart', async () => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db, { name: 'Milk', category: 'Dairy', description: [], pricePaise: 3000, offerPricePaise: 2800, images: [] });
      await ctx.db.cartItem.create({ data: { userId: shopper.user._id, productId: product.id, quantity: 3 } });

      const res = await isAuth(shopper.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, user: { ...shopper.user, cartItems: { [product.id]: 3 } } });
    });

    it('answers a visitor (no session, an unknown token, an expired one) with success false and no user', async () => {
      const shopper = await registerUser(ctx.app);
      await ctx.db.session.updateMany({ where: { userId: shopper.user._id }, data: { expiresAt: new Date(Date.now() - 1000) } });

      for (const cookie of [undefined, 'sid=made-up-token', shopper.cookie]) {
        const res = await isAuth(cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: false, message: 'Not logged in', user: null });
      }
    });

    it('does not accept a seller cookie name carrying a shopper token as a seller, nor the reverse', async () => {
      const shopper = await registerUser(ctx.app);
      const token = shopper.cookie.slice('sid='.length);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/seller/is-auth', headers: { cookie: `seller_sid=${token}` } });
      expect(res.json()).toMatchObject({ success: false });
    });
  });

  describe('GET /api/user/logout', () => {
    it('revokes the session on the server: the same cookie replayed afterwards is refused', async () => {
      const shopper = await registerUser(ctx.app);
      expect((await isAuth(shopper.cookie)).json().success).toBe(true);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie: shopper.cookie } });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Logged out' });
      expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
      expect((await isAuth(shopper.cookie)).json().success).toBe(false);
      const session = await ctx.db.session.findFirstOrThrow({ where: { userId: shopper.user._id } });
      expect(session.revokedAt).toBeInstanceOf(Date);
    });

    it('is a success without a session too (logging out twice is harmless)', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/user/logout' });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    });
  });
});

describe("a session's read", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  it('reads the expiry back exactly as stored, whatever time zone the process runs in', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'Zoya', email: 'zoya@example.com', password: 'zoya-secret-12' } });
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    const stored = await ctx.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    const zone = process.env.TZ;
    try {
      // India's zone, 5½ hours from UTC: a timestamp read as local time would be off by that much.
      process.env.TZ = 'Asia/Kolkata';
      const live = await createSessionRepository(ctx.db).findLive(hashToken(token));
      expect(live).toEqual({ id: stored.id, userId: stored.userId, sellerId: null, expiresAt: stored.expiresAt });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('a session revoked outside this API process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ SESSION_CACHE_MS: '300' });
    await ctx.app.live.subscribed;
  });
  afterAll(() => ctx.close());

  const isAuth = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } }).then((r) => r.json().success);

  it('by another API process is forgotten here at once, through the revocation channel', async () => {
    const shopper = await registerUser(ctx.app);
    expect(await isAuth(shopper.cookie)).toBe(true); // now in this process's short memory
    // Another API process: its own services over the same database and Redis.
    const otherProcess = createServices({ config: ctx.config, db: ctx.db, redis: ctx.redis });
    await otherProcess.sessions.revoke(shopper.cookie.slice('sid='.length));
    const started = Date.now();
    while ((await isAuth(shopper.cookie)) && Date.now() - started < 1000) await new Promise((r) => setTimeout(r, 10));
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('behind the application’s back (an operator’s UPDATE) is refused once the short memory lapses (SESSION_CACHE_MS)', async () => {
    const shopper = await registerUser(ctx.app);
    expect(await isAuth(shopper.cookie)).toBe(true);
    await ctx.db.session.updateMany({ where: { userId: shopper.user._id }, data: { revokedAt: new Date() } });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await isAuth(shopper.cookie)).toBe(false);
  });
});

// The scheme's letter case is the address's own business: HTTPS://… is served over https all the same.
describe.each(['https://shop.example.in', 'HTTPS://shop.example.in'])('the session cookies with PUBLIC_ORIGIN %s', (origin) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({
      PUBLIC_ORIGIN: origin,
      SELLER_PASSWORD: 'a-password-of-our-own',
      ALLOW_TEST_PAYMENTS: 'true',
      SIMULATED_GATEWAY_SECRET: 'a-test-store-signing-secret',
    });
  });
  afterAll(() => ctx.close());

  it('are marked Secure, the shopper’s and the seller’s', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'S', email: 's@example.com', password: 'password123' } });
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(res.headers['strict-transport-security']).toBeDefined();

    const seller = await ctx.app.inject({ method: 'POST', url: '/api/seller/register', payload: sellerRegisterBody() });
    expect(seller.statusCode, seller.body).toBe(201);
    expect(seller.cookies.find((c) => c.name === 'seller_sid')).toMatchObject({ secure: true, httpOnly: true });
  });
});
