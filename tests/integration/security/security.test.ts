import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { addressInput, createAddress, createProduct, placeCodOrder, registerUser, sessionCookie } from '../../helpers/factories';

const PUBLIC_ORIGIN = 'http://localhost:3000';

describe('web security basics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ PUBLIC_ORIGIN });
  });
  afterAll(() => ctx.close());

  describe('state-changing calls from another site', () => {
    it.each([
      ['Origin', { origin: 'https://evil.example' }],
      ['Referer', { referer: 'https://evil.example/page' }],
      ['an Origin that only looks alike', { origin: 'http://localhost:3000.evil.example' }],
      ['a garbage Referer', { referer: 'not a url' }],
    ])('are refused with a 403 when the %s is foreign, and change nothing', async (_label, headers) => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db);

      const calls = [
        ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie, ...headers }, payload: { cartItems: { [product.id]: 1 } } }),
        ctx.app.inject({ method: 'POST', url: '/api/address/add', headers: { cookie: shopper.cookie, ...headers }, payload: { address: addressInput() } }),
        ctx.app.inject({ method: 'POST', url: '/api/user/login', headers, payload: { email: shopper.email, password: shopper.password } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'forbidden_origin', message: expect.stringMatching(/^Request refused: .*, but the store's address is http:\/\/localhost:3000\. Open http:\/\/localhost:3000 to continue\.$/) });
        expect(res.cookies).toHaveLength(0);
      }
      expect(await ctx.db.cartItem.count({ where: { userId: shopper.user._id } })).toBe(0);
      expect(await ctx.db.address.count({ where: { userId: shopper.user._id } })).toBe(0);
    });

    it('are accepted from the store’s loopback aliases on the same port, and refused from another port or a LAN address', async () => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db);
      const update = (origin: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie, origin }, payload: { cartItems: { [product.id]: 1 } } });
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) expect((await update(origin)).statusCode, origin).toBe(200);
      for (const origin of ['http://127.0.0.1:3001', 'https://localhost:3000', 'http://192.168.1.5:3000', 'http://localhost:5173']) {
        const res = await update(origin);
        expect(res.statusCode, origin).toBe(403);
        expect(res.json().message).toBe(`Request refused: this page was opened at ${origin}, but the store's address is http://localhost:3000. Open http://localhost:3000 to continue.`);
      }
    });

    it('are accepted from the shop’s own origin', async () => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/update',
        headers: { cookie: shopper.cookie, origin: PUBLIC_ORIGIN, referer: `${PUBLIC_ORIGIN}/cart` },
        payload: { cartItems: { [product.id]: 1 } },
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuse a foreign origin before the order is placed', async () => {
      const shopper = await registerUser(ctx.app);
      const address = await createAddress(ctx.app, shopper.cookie);
      const product = await createProduct(ctx.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/cod',
        headers: { cookie: shopper.cookie, origin: 'https://evil.example' },
        payload: { items: [{ product: product.id, quantity: 1 }], address: address._id },
      });
      expect(res.statusCode).toBe(403);
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    });
  });

  describe('security headers', () => {
    it.each([
      ['a successful answer', 'GET', '/api/product/list'],
      ['a 401', 'GET', '/api/order/user'],
      ['a 404', 'GET', '/api/no-such-thing'],
      ['a 400', 'POST', '/api/user/login'],
    ] as const)('are on %s', async (_label, method, url) => {
      const res = await ctx.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Fit for the client: Razorpay Checkout's script and frame are allowed, nothing else from outside.
      expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
      expect(csp).not.toContain("'unsafe-eval'");
      // The page may connect to the store itself (its API and live socket) and Razorpay's telemetry, no other host.
      expect(csp).toContain(`connect-src 'self' ws://localhost:3000 https://lumberjack.razorpay.com`);
      expect(csp).not.toMatch(/connect-src[^;]*\b(ws|wss):(?!\/\/localhost:3000)/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")');
      // Plain http here: no HSTS (see the https case below).
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Personal or live: never kept by a browser or a proxy.
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('forbid keeping a signed-in shopper\'s answers anywhere', async () => {
      const shopper = await registerUser(ctx.app);
      for (const url of ['/api/user/is-auth', '/api/address/get', '/api/order/user']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: shopper.cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    });
  });

  describe('GET /api/user/logout and /api/seller/logout (GETs, as the store\'s client calls them)', () => {
    const logout = (url: string, cookie: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
    const isAuth = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).json().success;

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: cross-site (an <img> on another site)', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ])('refuse a cross-site request with 403 and keep the session: %s', async (_label, headers) => {
      const shopper = await registerUser(ctx.app);
      const res = await logout('/api/user/logout', shopper.cookie, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: 'Request refused: it came from another site' });
      expect(await isAuth(shopper.cookie)).toBe(true);
      const seller = await logout('/api/seller/logout', 'seller_sid=whatever', headers);
      expect(seller.statusCode).toBe(403);
    });

    it.each([
      ['from the store’s own page', { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' }],
      ['typed into the address bar', { 'sec-fetch-site': 'none' }],
      ['from a client that sends neither header', {}],
    ])('log out %s', async (_label, headers) => {
      const shopper = await registerUser(ctx.app);
      expect((await logout('/api/user/logout', shopper.cookie, headers)).statusCode).toBe(200);
      expect(await isAuth(shopper.cookie)).toBe(false);
    });
  });

  it('limits request bodies: a body over 64 KiB is refused with a 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(70_000), email: 'big@example.com', password: 'password123' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'Request body is too large' });
    expect(await ctx.db.user.count({ where: { email: 'big@example.com' } })).toBe(0);
  });

  it('never puts a password hash or session token in an answer', async () => {
    const shopper = await registerUser(ctx.app, { password: 'answer-secret-123' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: shopper.email, password: 'answer-secret-123' } });
    const token = sessionCookie(login).slice('sid='.length);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: `sid=${token}` } });
    const { passwordHash } = await ctx.db.user.findUniqueOrThrow({ where: { id: shopper.user._id } });

    for (const res of [login, me]) {
      expect(res.statusCode).toBe(200);
      for (const secret of ['answer-secret-123', passwordHash, token, shopper.cookie.slice(4)]) expect(res.body).not.toContain(secret);
      expect(res.body).not.toMatch(/hash|token|scrypt/i);
    }
  });
});

describe('logs', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx = await buildTestContext({ PUBLIC_ORIGIN, LOG_LEVEL: 'trace' }, { logDestination: capture });
  });
  afterAll(() => ctx.close());

  it('never carry a password, a password hash or a session token, through a whole shopping session', async () => {
    const password = 'log-secret-pw-42';
    const shopper = await registerUser(ctx.app, { password });
    await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: shopper.email, password: 'wrong-password-guess' } });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { cookie: shopper.cookie }, payload: { email: shopper.email, password } });
    const cookie = sessionCookie(login);
    await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } });
    const address = await createAddress(ctx.app, cookie);
    const product = await createProduct(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie }, payload: { cartItems: { [product.id]: 1 } } });
    await placeCodOrder(ctx.app, cookie, { items: [{ product: product.id, quantity: 1 }], address: address._id });
    await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'x', email: 'bad', password } });
    await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie, authorization: `Bearer ${cookie}` } });
    const { passwordHash } = await ctx.db.user.findUniqueOrThrow({ where: { id: shopper.user._id } });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(9); // the requests really were logged, a line each
    for (const secret of [password, 'wrong-password-guess', passwordHash, shopper.cookie.slice(4), cookie.slice(4)]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('security headers over https', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({
      PUBLIC_ORIGIN: 'https://shop.example.in',
      SELLER_PASSWORD: 'a-password-of-our-own',
      ALLOW_TEST_PAYMENTS: 'true',
      SIMULATED_GATEWAY_SECRET: 'a-test-store-signing-secret',
    });
  });
  afterAll(() => ctx.close());

  it('add HSTS and limit the live socket to the store’s own wss:// host', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' wss://shop.example.in https://lumberjack.razorpay.com`);
    expect(csp).toContain('upgrade-insecure-requests');
  });
});
