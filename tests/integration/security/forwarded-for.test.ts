import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { registerUser } from '../../helpers/factories';

// The api's TRUST_PROXY exactly as docker-compose.yml sets it behind its nginx.
const compose = parse(readFileSync(path.resolve(import.meta.dirname, '../../../docker-compose.yml'), 'utf8')) as {
  services: { api: { environment: Record<string, string> } };
};
const TRUST_PROXY = compose.services.api.environment.TRUST_PROXY!;

/** nginx's address on the compose network: every request reaches the api from it. */
const NGINX = '172.18.0.9';

/**
 * A login through nginx from `client`, carrying whatever X-Forwarded-For the client wrote itself (`forged`): what the
 * api receives from an nginx that appends to the header rather than overwriting it.
 */
const loginVia = (ctx: TestContext, client: string, forged: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: NGINX, headers: { 'x-forwarded-for': `${forged}, ${client}` }, payload });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }), {});

describe(`the client address behind the compose load balancer (TRUST_PROXY=${TRUST_PROXY})`, () => {
  describe('request-rate limit', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestContext({ TRUST_PROXY, RATE_LIMIT_PER_MINUTE: '5' });
    });
    afterAll(() => ctx.close());

    it('counts a client by the address nginx saw, whatever it writes in front of it', async () => {
      const burst = [];
      for (let i = 0; i < 8; i++) burst.push(await loginVia(ctx, '203.0.113.7', `10.1.2.${i}`, { email: `nobody-${i}@example.com`, password: 'wrong-password' }));
      expect(statuses(burst)).toEqual({ 401: 5, 429: 3 });
      expect(burst.at(-1)!.json()).toMatchObject({ code: 'rate_limited' });
    });

    it('still tells apart the clients behind the same nginx', async () => {
      for (let i = 0; i < 6; i++) await loginVia(ctx, '203.0.113.8', `10.1.3.${i}`, { email: 'nobody@example.com', password: 'wrong-password' });
      expect((await loginVia(ctx, '203.0.113.9', '10.1.3.0', { email: 'nobody@example.com', password: 'wrong-password' })).statusCode).toBe(401);
    });
  });

  describe('login budget', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestContext({ TRUST_PROXY });
    });
    afterAll(() => ctx.close());

    it("checks five passwords from one client for an account, however often it changes its header's first entry", async () => {
      const shopper = await registerUser(ctx.app);
      const burst = [];
      for (let i = 0; i < 12; i++) burst.push(await loginVia(ctx, '203.0.113.10', `10.2.0.${i}`, { email: shopper.email, password: 'wrong-password' }));
      expect(statuses(burst)).toEqual({ 401: 5, 429: 7 });
      expect(burst.at(-1)!.json()).toMatchObject({ code: 'too_many_login_attempts' });
    });
  });
});
