import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, registerUser, shopperWithAddress } from '../../helpers/factories';

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }), {});

describe('request-rate limits per client address (Redis store)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_REGISTRATIONS_PER_HOUR: '3' });
  });
  afterAll(() => ctx.close());

  const post = (url: string, ip: string, payload: object, cookie?: string) =>
    ctx.app.inject({ method: 'POST', url, remoteAddress: ip, payload, headers: cookie ? { cookie } : {} });

  it('answers a parallel burst of logins past the limit with 429 in the API error shape and Retry-After', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/user/login', '10.1.0.1', { email: `nobody-${i}@example.com`, password: 'wrong-password' })));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 7 });
    const limited = burst.find((r) => r.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post('/api/user/login', '10.1.0.2', { email: 'nobody@example.com', password: 'wrong-password' })).statusCode).toBe(401);
  });

  it('limits registrations per address, so probing which emails exist is throttled too', async () => {
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/api/user/register', '10.1.1.1', { name: 'Probe', email: `probe-${i}@example.com`, password: 'probe-password' })),
    );
    expect(statuses(burst)).toEqual({ 201: 3, 429: 3 });
    expect(await ctx.db.user.count({ where: { email: { startsWith: 'probe-' } } })).toBe(3);
  });

  it('limits seller logins, order placement and payment verification per address', async () => {
    const seller = await Promise.all(Array.from({ length: 7 }, () => post('/api/seller/login', '10.1.2.1', { email: 'x@example.com', password: 'wrong-password' })));
    expect(statuses(seller)[429]).toBe(2);

    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db);
    const order = { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id };
    const orders = await Promise.all(Array.from({ length: 7 }, () => post('/api/order/cod', '10.1.2.2', order, shopper.cookie)));
    expect(statuses(orders)[429]).toBe(2);
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(5);

    const verify = { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'f'.repeat(64) };
    const verifies = await Promise.all(Array.from({ length: 7 }, () => post('/api/order/razorpay/verify', '10.1.2.3', verify, shopper.cookie)));
    expect(statuses(verifies)[429]).toBe(2);
  });

  it('counts in Redis under the deployment prefix, shared by every API process', async () => {
    const keys = await ctx.redis.keys(`${ctx.prefix}:rate:*`);
    expect(keys.some((k) => k.includes('/api/user/login'))).toBe(true);
  });
});

describe('request-rate limits with Redis down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_REGISTRATIONS_PER_HOUR: '2' });
  });
  afterAll(() => ctx.close());

  it('lets requests through at once rather than failing them', async () => {
    const started = Date.now();
    for (let i = 0; i < 4; i++) await registerUser(ctx.app);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
