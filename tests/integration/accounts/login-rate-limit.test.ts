import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginRateLimiter } from '../../../core/modules/accounts/login-rate-limiter';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { registerUser } from '../../helpers/factories';

const loginFrom = (ctx: TestContext, ip: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: ip, payload });

describe('POST /api/user/login rate limits (Redis up)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  it('locks an email after 5 failed logins: 429 with Retry-After, even for the right password', async () => {
    const shopper = await registerUser(ctx.app);
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(ctx, `10.0.1.${i}`, { email: shopper.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await loginFrom(ctx, '10.0.1.99', { email: shopper.email, password: shopper.password });

    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, code: 'too_many_login_attempts', message: expect.stringMatching(/^Too many failed login attempts\. Try again in 15 minutes\.$/) });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.cookies).toHaveLength(0);
  });

  it('keeps the lock in Redis, so every API instance sharing Redis sees it', async () => {
    const shopper = await registerUser(ctx.app);
    for (let i = 0; i < 5; i++) await loginFrom(ctx, '10.0.2.1', { email: shopper.email, password: 'wrong-password' });

    const otherInstance = createLoginRateLimiter(ctx.redis, { prefix: ctx.prefix });
    await expect(otherInstance.assertAllowed('user', { ip: '10.9.9.9', email: shopper.email })).rejects.toMatchObject({ kind: 'too_many' });
    const keys = await ctx.redis.keys(`${ctx.prefix}:login:user:*`);
    expect(keys.length).toBeGreaterThan(0);
    // Keys name a hash of the email, never the email itself.
    expect(keys.join(' ')).not.toContain(shopper.email);
  });

  it('does not lock other emails, and a successful login clears the email’s count', async () => {
    const shopper = await registerUser(ctx.app);
    for (let i = 0; i < 4; i++) await loginFrom(ctx, '10.0.3.1', { email: shopper.email, password: 'wrong-password' });
    expect((await loginFrom(ctx, '10.0.3.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);

    // Four more failures would have locked the email if the earlier four still counted.
    for (let i = 0; i < 4; i++) await loginFrom(ctx, '10.0.3.1', { email: shopper.email, password: 'wrong-password' });
    expect((await loginFrom(ctx, '10.0.3.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });

  it('limits one address guessing across many emails (50 failures per window)', async () => {
    const shopper = await registerUser(ctx.app);
    // 45 failures recorded straight into the limiter (each HTTP failure costs a deliberate scrypt), 5 through HTTP.
    for (let i = 0; i < 45; i++) await ctx.services.loginLimiter.recordFailure('user', { ip: '10.0.4.1', email: `guess-${i}@example.com` });
    for (let i = 45; i < 50; i++) {
      const res = await loginFrom(ctx, '10.0.4.1', { email: `guess-${i}@example.com`, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginFrom(ctx, '10.0.4.1', { email: shopper.email, password: shopper.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();

    // The same shopper from another address is not affected.
    expect((await loginFrom(ctx, '10.0.4.2', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });
});

describe('POST /api/user/login rate limits (Redis down)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: the API runs with its Redis permanently unreachable.
    ctx = await buildTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => ctx.close());

  it('keeps registering and logging in, and still limits failed logins in memory', async () => {
    const shopper = await registerUser(ctx.app);
    expect((await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: shopper.password })).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await loginFrom(ctx, '10.0.5.1', { email: shopper.email, password: shopper.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
