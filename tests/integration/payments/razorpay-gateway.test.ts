import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../core/modules/payments/payment-gateway';
import { PINNED_SDK_VERSION, createRazorpayGateway, pointSdkAt } from '../../../core/modules/payments/razorpay-gateway';
import { refusedUrl, startFakeRazorpay, type FakeRazorpay } from '../../helpers/fake-razorpay';

/** The `razorpay` adapter with the real official SDK, against a real local HTTP server standing in for Razorpay. */
describe('razorpay gateway adapter (official SDK → fake Razorpay API)', () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests.length = 0;
  });

  const gateway = () => createRazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: fake.url, timeoutMs: 2000 });

  describe('the SDK internals we rely on', () => {
    it('is the pinned SDK version, whose axios instance can be pointed at another host', async () => {
      expect(Razorpay.VERSION).toBe(PINNED_SDK_VERSION);
      const client = new Razorpay({ key_id: fake.keyId, key_secret: fake.keySecret });
      pointSdkAt(client, fake.url);
      const order = await client.orders.create({ amount: 5000, currency: 'INR', receipt: 'r1' });
      expect(order.id).toMatch(/^order_/);
      // The request really went through the SDK: its user agent and Basic auth with our key id and secret.
      expect(fake.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/v1/orders',
          userAgent: `razorpay-node@${PINNED_SDK_VERSION}`,
          authorization: `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
        }),
      ]);
    });

    it('throws a TypeError (not a clean error) on a network failure when used bare — the reason for our wrapper', async () => {
      const client = new Razorpay({ key_id: fake.keyId, key_secret: fake.keySecret });
      pointSdkAt(client, await refusedUrl());
      await expect(client.payments.fetch('pay_x')).rejects.toBeInstanceOf(TypeError);
    });

    it('sends to api.razorpay.com when no base URL is given (production keeps the SDK untouched)', () => {
      const client = new Razorpay({ key_id: 'k', key_secret: 's' }) as unknown as { api: { rq: { defaults: { baseURL: string } } } };
      expect(client.api.rq.defaults.baseURL).toBe('https://api.razorpay.com');
    });
  });

  it('orders.create: sends the amount in paise, INR, our receipt and notes; answers the gateway order', async () => {
    const order = await gateway().createOrder({ amountPaise: 12_345, currency: 'INR', receipt: 'our-order-uuid', notes: { orderNumber: 'OD1' } });
    expect(order).toEqual({ id: expect.stringMatching(/^order_\w{14}$/), amountPaise: 12_345, currency: 'INR', receipt: 'our-order-uuid', status: 'created' });
    expect(fake.requests.at(-1)?.body).toEqual({ amount: 12_345, currency: 'INR', receipt: 'our-order-uuid', notes: { orderNumber: 'OD1' } });
    expect(fake.orders.get(order.id)?.amount).toBe(12_345);
  });

  it('payments.fetch: maps the payment, and answers null for an id Razorpay does not know', async () => {
    const order = await gateway().createOrder({ amountPaise: 5000, currency: 'INR', receipt: 'r' });
    const paid = fake.pay(order.id, 'captured');
    expect(await gateway().fetchPayment(paid.id)).toEqual({ id: paid.id, orderId: order.id, amountPaise: 5000, currency: 'INR', status: 'captured' });
    expect(await gateway().fetchPayment('pay_DoesNotExist00')).toBeNull();
  });

  it('orders.fetchPayments: lists every payment of the gateway order, failed ones included', async () => {
    const order = await gateway().createOrder({ amountPaise: 7000, currency: 'INR', receipt: 'r' });
    expect(await gateway().fetchOrderPayments(order.id)).toEqual([]);
    const failed = fake.pay(order.id, 'failed');
    const captured = fake.pay(order.id, 'captured');
    const listed = await gateway().fetchOrderPayments(order.id);
    expect(listed.map((p) => [p.id, p.status])).toEqual([
      [failed.id, 'failed'],
      [captured.id, 'captured'],
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/orders/${order.id}/payments` });
  });

  it('payments.capture: captures an authorized payment; "already captured" (a retry whose answer was lost) is success', async () => {
    const order = await gateway().createOrder({ amountPaise: 5_000, currency: 'INR', receipt: 'r-capture' });
    const authorized = fake.pay(order.id, 'authorized');
    const captured = await gateway().capturePayment(authorized.id, 5_000, 'INR');
    expect(captured).toMatchObject({ id: authorized.id, status: 'captured', amountPaise: 5_000 });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payments/${authorized.id}/capture`, body: { amount: 5_000, currency: 'INR' } });
    // Razorpay answers a second capture with 400 "already been captured": the adapter reads the payment and succeeds.
    expect(await gateway().capturePayment(authorized.id, 5_000, 'INR')).toMatchObject({ status: 'captured' });
  });

  it('payments.refund and fetchMultipleRefund: a full refund carrying our receipt, and finding it again', async () => {
    const order = await gateway().createOrder({ amountPaise: 7_000, currency: 'INR', receipt: 'r-refund' });
    const paid = fake.pay(order.id, 'captured');
    const refund = await gateway().refundPayment(paid.id, { amountPaise: 7_000, receipt: 'our-refund-id', notes: { orderId: 'o1' } });
    expect(refund).toEqual({ id: expect.stringMatching(/^rfnd_/), paymentId: paid.id, amountPaise: 7_000, status: 'pending', receipt: 'our-refund-id' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payments/${paid.id}/refund`, body: { amount: 7_000, speed: 'normal', receipt: 'our-refund-id' } });
    expect(await gateway().fetchRefunds(paid.id)).toEqual([refund]);
    fake.settleRefund(refund.id, 'processed');
    expect(await gateway().fetchRefunds(paid.id)).toEqual([{ ...refund, status: 'processed' }]);
  });

  describe('errors come out as GatewayError, never as the SDK’s raw rejection', () => {
    it('a 500 from Razorpay → unavailable, with the status and Razorpay’s description', async () => {
      fake.mode = 'error500';
      const error = await gateway().createOrder({ amountPaise: 5000, currency: 'INR', receipt: 'r' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ kind: 'unavailable', status: 500, message: expect.stringContaining('The server encountered an error') });
    });

    it('connection refused → unavailable (the SDK’s TypeError is wrapped)', async () => {
      const down = createRazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: await refusedUrl() });
      for (const call of [() => down.createOrder({ amountPaise: 5000, currency: 'INR', receipt: 'r' }), () => down.fetchPayment('pay_x'), () => down.fetchOrderPayments('order_x')]) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(GatewayError);
        expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('could not be reached') });
      }
    });

    it('wrong keys → unauthorized with Razorpay’s 401', async () => {
      const wrong = createRazorpayGateway({ keyId: fake.keyId, keySecret: 'not-the-secret', baseUrl: fake.url });
      await expect(wrong.fetchOrderPayments('order_x')).rejects.toMatchObject({ name: 'GatewayError', kind: 'unauthorized', status: 401 });
    });

    it('a request Razorpay refuses (400) → rejected, with Razorpay’s description', async () => {
      await expect(gateway().capturePayment('pay_unknown00000000', 100, 'INR')).rejects.toMatchObject({
        name: 'GatewayError',
        kind: 'rejected',
        status: 400,
        message: expect.stringContaining('The id provided does not exist'),
      });
    });

    it('a gateway that never answers → unavailable after the timeout, not a hung caller', async () => {
      fake.mode = 'hang';
      const slow = createRazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: fake.url, timeoutMs: 200 });
      const started = Date.now();
      await expect(slow.fetchPayment('pay_x')).rejects.toMatchObject({ name: 'GatewayError', kind: 'unavailable', message: expect.stringContaining('within 200 ms') });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});
