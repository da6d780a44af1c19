import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyGroup } from '../../../core/infra/redis';
import { createLoginRateLimiter } from '../../../core/modules/accounts/login-rate-limiter';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { registerUser } from '../../helpers/factories';
import { loginSeller } from '../../helpers/seller-factories';

const loginFrom = (ctx: TestContext, ip: string, payload: Record<string, unknown>, url = '/api/user/login') =>
  ctx.app.inject({ method: 'POST', url, remoteAddress: ip, payload });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }), {});

/**
 * 11 failures on one account from 11 addresses (10 are free, so each then waits 2 s from the last failure); then,
 * the moment the wait is over, every one of them tries four times at once. Returns the burst's status counts.
 */
async function burstWhenWaitEnds(ctx: TestContext, subnet: string): Promise<Record<number, number>> {
  const shopper = await registerUser(ctx.app);
  for (let i = 0; i < 11; i++) await loginFrom(ctx, `${subnet}.${i}`, { email: shopper.email, password: 'wrong-password' });
  expect((await loginFrom(ctx, `${subnet}.0`, { email: shopper.email, password: 'wrong-password' })).statusCode).toBe(429);
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const burst = await Promise.all(
    Array.from({ length: 11 }, (_, i) => Array.from({ length: 4 }, (_, k) => loginFrom(ctx, `${subnet}.${i}`, { email: shopper.email, password: `wrong-${i}-${k}` }))).flat(),
  );
  return statuses(burst);
}

describe('POST /api/user/login budget (Redis up)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  it('charges 40 parallel wrong passwords before checking any: 5 are checked, 35 answered 429', async () => {
    const shopper = await registerUser(ctx.app);
    const burst = await Promise.all(Array.from({ length: 40 }, () => loginFrom(ctx, '10.0.1.1', { email: shopper.email, password: 'wrong-password' })));

    expect(statuses(burst)).toEqual({ 401: 5, 429: 35 });
    const limited = burst.find((r) => r.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ success: false, code: 'too_many_login_attempts', message: expect.stringMatching(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('lets at most the budget through a burst that hides the right password among wrong ones', async () => {
    const shopper = await registerUser(ctx.app);
    const bodies = Array.from({ length: 40 }, (_, i) => ({ email: shopper.email, password: i === 39 ? shopper.password : `wrong-${i}` }));
    const burst = await Promise.all(bodies.map((body) => loginFrom(ctx, '10.0.1.2', body)));

    const checked = burst.filter((r) => r.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    // The right password was the last to be sent: it found the budget spent, so nothing logged in.
    expect(burst[39]!.statusCode).toBe(429);
    expect(burst.some((r) => r.statusCode === 200)).toBe(false);
  });

  it('holds the seller account to the same budget', async () => {
    await loginSeller(ctx);
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => loginFrom(ctx, '10.0.1.3', { email: ctx.config.seller.email, password: 'wrong-password' }, '/api/seller/login')),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: 35 });
  });

  it('cannot be turned into a lockout: failures from others never stop the right password from a fresh client', async () => {
    const shopper = await registerUser(ctx.app);
    // Twelve addresses fail once each, and the first one keeps failing until its own budget is gone.
    for (let i = 0; i < 12; i++) await loginFrom(ctx, `10.0.2.${i}`, { email: shopper.email, password: 'wrong-password' });

    const fresh = await loginFrom(ctx, '10.0.2.200', { email: shopper.email, password: shopper.password });
    expect(fresh.statusCode).toBe(200);
  });

  it('makes clients that already failed on a much-attacked account wait, longer with every failure', async () => {
    const shopper = await registerUser(ctx.app);
    for (let i = 0; i < 12; i++) await loginFrom(ctx, `10.0.3.${i}`, { email: shopper.email, password: 'wrong-password' });

    // 12 failures, 10 free: the next try from a client that has failed waits 2^2 seconds after the last failure.
    const again = await loginFrom(ctx, '10.0.3.0', { email: shopper.email, password: shopper.password });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(4);
    expect(again.json().message).toMatch(/Try again in \d seconds?\./);
  });

  it('lets one try through when a backoff wait ends, however many clients that already failed fire at that moment', async () => {
    expect(await burstWhenWaitEnds(ctx, '10.0.9')).toEqual({ 401: 1, 429: 43 });
  });

  it('keeps the counters in Redis, so every API instance sharing Redis sees them', async () => {
    const shopper = await registerUser(ctx.app);
    for (let i = 0; i < 5; i++) await loginFrom(ctx, '10.0.4.1', { email: shopper.email, password: 'wrong-password' });

    const otherInstance = createLoginRateLimiter(ctx.redis, { keyGroup: keyGroup(ctx.config, 'login') });
    await expect(otherInstance.take('user', { ip: '10.0.4.1', email: shopper.email })).rejects.toMatchObject({ kind: 'too_many' });
    await expect(otherInstance.take('user', { ip: '10.0.4.2', email: shopper.email })).resolves.toBeUndefined();
    const keys = await ctx.redis.keys(`${ctx.prefix}:login:user:*`);
    expect(keys.length).toBeGreaterThan(0);
    // Keys name a hash of the email, never the email itself.
    expect(keys.join(' ')).not.toContain(shopper.email);
  });

  it('starts the window of each counter at its first attempt: every counter expires, and later attempts do not push it back', async () => {
    const shopper = await registerUser(ctx.app);
    await loginFrom(ctx, '10.0.4.9', { email: shopper.email, password: 'wrong-password' });
    const counters = [...(await ctx.redis.keys(`${ctx.prefix}:login:user:pair:10.0.4.9:*`)), ...(await ctx.redis.keys(`${ctx.prefix}:login:user:ip:10.0.4.9`))];
    expect(counters).toHaveLength(2);
    for (const key of counters) expect(await ctx.redis.ttl(key)).toBeGreaterThan(0);
    // Near the end of its window, another attempt counts in the same window.
    for (const key of counters) await ctx.redis.expire(key, 5);
    await loginFrom(ctx, '10.0.4.9', { email: shopper.email, password: 'wrong-password' });
    for (const key of counters) {
      expect(await ctx.redis.get(key)).toBe('2');
      expect(await ctx.redis.ttl(key)).toBeLessThanOrEqual(5);
    }
  });

  it('forgives a client its failures once it logs in', async () => {
    const shopper = await registerUser(ctx.app);
    for (let i = 0; i < 4; i++) await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: 'wrong-password' });
    expect((await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);

    // Four more failures would have used up the budget if the earlier four still counted.
    for (let i = 0; i < 4; i++) await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: 'wrong-password' });
    expect((await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });

  it('counts a whole IPv6 /64 as one client, so stepping through its addresses buys no more guesses', async () => {
    const shopper = await registerUser(ctx.app);
    const burst = [];
    for (let i = 1; i <= 12; i++) burst.push(await loginFrom(ctx, `2001:db8:7:1::${i.toString(16)}`, { email: shopper.email, password: 'wrong-password' }));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 7 });

    // Another network is another client.
    expect((await loginFrom(ctx, '2001:db8:7:2::1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });

  it('counts an IPv4 client that a dual-stack socket reports in IPv6 form as that IPv4 address', async () => {
    const shopper = await registerUser(ctx.app);
    for (const ip of ['10.0.8.1', '::ffff:10.0.8.1', '10.0.8.1', '::ffff:10.0.8.1', '10.0.8.1']) {
      expect((await loginFrom(ctx, ip, { email: shopper.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect((await loginFrom(ctx, '::ffff:10.0.8.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(429);
  });

  it('limits one address guessing across many emails (50 attempts per window)', async () => {
    const shopper = await registerUser(ctx.app);
    // 45 attempts spent straight through the limiter (each HTTP failure costs a deliberate scrypt), 5 through HTTP.
    for (let i = 0; i < 45; i++) await ctx.services.loginLimiter.take('user', { ip: '10.0.6.1', email: `guess-${i}@example.com` });
    for (let i = 45; i < 50; i++) {
      expect((await loginFrom(ctx, '10.0.6.1', { email: `guess-${i}@example.com`, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const blocked = await loginFrom(ctx, '10.0.6.1', { email: shopper.email, password: shopper.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();

    // The same shopper from another address is not affected.
    expect((await loginFrom(ctx, '10.0.6.2', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });
});

describe('POST /api/user/login budget (Redis down)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: the API runs with its Redis permanently unreachable.
    ctx = await buildTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => ctx.close());

  it('keeps registering and logging in, and still charges attempts before checking them, in memory', async () => {
    const shopper = await registerUser(ctx.app);
    expect((await loginFrom(ctx, '10.0.7.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);

    const burst = await Promise.all(Array.from({ length: 20 }, () => loginFrom(ctx, '10.0.7.1', { email: shopper.email, password: 'wrong-password' })));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 15 });
    expect((await loginFrom(ctx, '10.0.7.2', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });

  it('lets one try through when a backoff wait ends, in memory too', async () => {
    expect(await burstWhenWaitEnds(ctx, '10.0.10')).toEqual({ 401: 1, 429: 43 });
  });
});
