import { afterAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';

describe('GET /api/store', () => {
  const contexts: TestContext[] = [];
  afterAll(() => Promise.all(contexts.map((c) => c.close())));
  const storeInfo = async (env: Record<string, string>) => {
    const ctx = await buildTestContext(env);
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/store' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('tells every visitor that payments are test payments while the simulated gateway takes them', async () => {
    expect(await storeInfo({})).toEqual({ success: true, testPayments: true, publicOrigin: 'http://localhost:3000' });
  });

  it('says nothing of test mode with real Razorpay keys', async () => {
    const env = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' };
    expect(await storeInfo(env)).toMatchObject({ success: true, testPayments: false });
  });
});
