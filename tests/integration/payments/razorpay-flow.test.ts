import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../../core/modules/payments/razorpay-gateway';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { startFakeRazorpay, type FakeRazorpay } from '../../helpers/fake-razorpay';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { sleep, startTestWorkers } from '../../helpers/live-helpers';
import { ageOrder, createOnlineOrder, decidedAttempts, orderState, postCreate, postSimulatedCheckout, postVerify, postWebhook, checkoutOf } from '../../helpers/payment-flows';

/**
 * With real Razorpay keys configured: the same flow through the official SDK, against the fake Razorpay API
 * (tests/helpers/fake-razorpay.ts), in the API and in the worker role.
 */
describe('online payment with the razorpay gateway', () => {
  let fake: FakeRazorpay;
  let ctx: TestContext;
  let stopWorkers: () => Promise<void>;
  const webhookSecret = 'whsec-fake-razorpay-0001';

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    const gateway = () => createRazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: fake.url, timeoutMs: 3000 });
    ctx = await buildTestContext({ RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret }, { paymentGateway: gateway() });
    stopWorkers = await startTestWorkers(ctx, { paymentGateway: gateway() });
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
  });

  async function pendingOrder(stockQuantity = 5) {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 12_050, stockQuantity });
    const body = { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id };
    return { shopper, product, body };
  }

  it('creates the Razorpay order for the server’s total, with our checkout id as receipt, and pays it through verify', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    expect(checkout).toMatchObject({ key: fake.keyId, gateway: 'razorpay', order: { amount: 24_300, currency: 'INR' } });
    expect(fake.orders.get(checkout.order.id)).toMatchObject({ amount: 24_300, currency: 'INR', receipt: await checkoutOf(ctx.db, checkout.dbOrderId) });

    const payment = fake.pay(checkout.order.id, 'captured');
    const res = await postVerify(ctx.app, shopper.cookie, {
      razorpay_order_id: checkout.order.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: fake.signature(checkout.order.id, payment.id),
      orderId: checkout.dbOrderId,
    });
    expect(res.statusCode).toBe(200);
    expect((await decidedAttempts(ctx.db, payment.id))[0]!.outcome).toBe('paid');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: payment.id }] });
    // The worker asked Razorpay for the payment itself.
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/${payment.id}`)).toBe(true);
  });

  it('captures an authorised payment through payments.capture before the order counts as paid', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    const payment = fake.pay(checkout.order.id, 'authorized');
    const signature = fake.signature(checkout.order.id, payment.id);
    await postVerify(ctx.app, shopper.cookie, { razorpay_order_id: checkout.order.id, razorpay_payment_id: payment.id, razorpay_signature: signature, orderId: checkout.dbOrderId });
    expect((await decidedAttempts(ctx.db, payment.id))[0]!.outcome).toBe('paid');
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${payment.id}/capture`)).toEqual([
      expect.objectContaining({ body: { amount: 24_300, currency: 'INR' } }),
    ]);
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'captured' });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: payment.id }] });
  });

  it('handles payment.authorized by capturing; a later payment.captured for it changes nothing', async () => {
    const { body, shopper } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    const payment = fake.pay(checkout.order.id, 'authorized');
    expect((await postWebhook(ctx.app, fake.webhook('payment.authorized', payment, webhookSecret))).statusCode).toBe(200);
    expect((await decidedAttempts(ctx.db, payment.id))[0]).toMatchObject({ source: 'webhook', outcome: 'paid' });
    await postWebhook(ctx.app, fake.webhook('payment.captured', fake.payments.get(payment.id)!, webhookSecret));
    expect((await decidedAttempts(ctx.db, payment.id, 2))[1]!.outcome).toBe('already_paid');
    expect(fake.requests.filter((r) => r.path === `/v1/payments/${payment.id}/capture`)).toHaveLength(1);
  });

  it('refuses a payment for another amount, even correctly signed', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    const payment = fake.pay(checkout.order.id, 'captured', { amount: 100 });
    await postVerify(ctx.app, shopper.cookie, { razorpay_order_id: checkout.order.id, razorpay_payment_id: payment.id, razorpay_signature: fake.signature(checkout.order.id, payment.id), orderId: checkout.dbOrderId });
    expect((await decidedAttempts(ctx.db, payment.id))[0]!.outcome).toBe('mismatch');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', isPaid: false });
  });

  it('keeps retrying while Razorpay is down, and settles once it is back', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    const payment = fake.pay(checkout.order.id, 'captured');
    fake.mode = 'error500';
    await postVerify(ctx.app, shopper.cookie, { razorpay_order_id: checkout.order.id, razorpay_payment_id: payment.id, razorpay_signature: fake.signature(checkout.order.id, payment.id), orderId: checkout.dbOrderId });
    await sleep(800);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', isPaid: false });
    fake.mode = 'ok';
    expect((await decidedAttempts(ctx.db, payment.id))[0]!.outcome).toBe('paid');
  });

  it('takes a Razorpay webhook signed with the webhook secret (not the key secret)', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    const payment = fake.pay(checkout.order.id, 'captured');
    expect((await postWebhook(ctx.app, fake.webhook('payment.captured', payment, fake.keySecret))).statusCode).toBe(401);
    expect((await postWebhook(ctx.app, fake.webhook('payment.captured', payment, webhookSecret))).statusCode).toBe(200);
    expect((await decidedAttempts(ctx.db, payment.id))[0]).toMatchObject({ source: 'webhook', outcome: 'paid' });
  });

  it('the reconciler asks Razorpay for the order’s payments (orders.fetchPayments)', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    fake.pay(checkout.order.id, 'failed');
    const payment = fake.pay(checkout.order.id, 'captured');
    await ageOrder(ctx.db, checkout.dbOrderId, 6);
    await ctx.services.paymentReconciler.runOnce();
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ gatewayPaymentId: payment.id }] });
  });

  it('cancels the order and releases its stock when Razorpay cannot create its order; the shopper gets a clear 503', async () => {
    const { shopper, product, body } = await pendingOrder(2);
    fake.mode = 'error500';
    const res = await postCreate(ctx.app, shopper.cookie, body);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'payment_gateway_unavailable',
      message: 'Online payment is not available right now, so your order was not placed. Please try again in a moment or choose Cash on Delivery.',
    });
    const order = await ctx.db.order.findFirstOrThrow({ where: { userId: shopper.user._id }, include: { checkout: { include: { payments: true } } } });
    expect(order).toMatchObject({ status: 'CANCELLED', isPaid: false, checkout: { payments: [] } });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 2, inStock: true });
  });

  it('has no simulated checkout while real keys are configured (404)', async () => {
    const { shopper, body } = await pendingOrder();
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, body);
    const res = await postSimulatedCheckout(ctx.app, shopper.cookie, { gatewayOrderId: checkout.order.id, outcome: 'success' });
    expect(res.statusCode).toBe(404);
    expect(fake.payments.size).toBeGreaterThan(0);
    expect([...fake.payments.values()].some((p) => p.order_id === checkout.order.id)).toBe(false);
  });
});
