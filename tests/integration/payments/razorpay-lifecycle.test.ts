import { Writable } from 'node:stream';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRazorpayGateway } from '../../../core/modules/payments/razorpay-gateway';
import { createLivePublisher } from '../../../core/modules/live/live-channel';
import { paymentHandlers } from '../../../workers/processors/payments-processor';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { startFakeRazorpay, type FakeRazorpay } from '../../helpers/fake-razorpay';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { ageOrder, createOnlineOrder, orderState, postCancel, postCreate, postWebhook, shopperOrder, checkoutOf } from '../../helpers/payment-flows';

/**
 * Capture, refunds and gateway errors through the official SDK against the fake Razorpay API. No workers run here:
 * each test drives the worker's own code (settlement, refund requests, handlers, reconciler) step by step, so it can
 * stop between "asked" and "answered".
 */
describe('payment lifecycle with the razorpay gateway', () => {
  let fake: FakeRazorpay;
  let ctx: TestContext;
  const webhookSecret = 'whsec-fake-razorpay-0002';
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('trace', 'test-lifecycle', new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }));

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    const gateway = createRazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: fake.url, timeoutMs: 3000 });
    const capture = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    ctx = await buildTestContext(
      { RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, LOG_LEVEL: 'warn' },
      { paymentGateway: gateway, logDestination: capture },
    );
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.refuseNext = null;
    fake.onRequest = null;
    lines.length = 0;
  });

  const handlers = () =>
    paymentHandlers({ config: ctx.config, services: ctx.services, logger, live: createLivePublisher(ctx.redis, ctx.prefix) });
  const meta = { eventId: 'evt-test', job: {} as never };

  async function paidOrder() {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 20_000, stockQuantity: 3 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const payment = fake.pay(checkout.order.id, 'captured');
    const row = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
    expect(await ctx.services.paymentSettlement.settle({ paymentId: row.id, gatewayPaymentId: payment.id, source: 'webhook', signature: null })).toBe('paid');
    return { shopper, checkout, payment, product };
  }

  it('a cancelled paid order: the refund is recorded first, asked for once with our id as receipt, and a retry finds it', async () => {
    const { shopper, checkout, payment } = await paidOrder();
    expect((await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId, { reason: 'No longer needed' })).statusCode).toBe(200);
    // Recorded, with its request queued in the same transaction, before anything was asked of Razorpay.
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    expect(refund).toMatchObject({ status: 'PENDING', gatewayRefundId: null, amountPaise: 20_200, gatewayPaymentId: payment.id, reason: 'Cancelled by the shopper: No longer needed' });
    expect(fake.refunds.size).toBe(0);
    expect(await ctx.db.outboxEvent.count({ where: { type: 'refund.requested', payload: { path: ['refundId'], equals: refund.id } } })).toBe(1);

    // A first try reached Razorpay, but its answer was lost (timeout): the refund exists there, not here.
    const lost = await ctx.services.paymentGateway.refundPayment(payment.id, { amountPaise: 20_200, receipt: refund.id });
    expect(await ctx.services.refunds.request(refund.id)).toBe('found_earlier_request');
    expect(await ctx.services.refunds.request(refund.id)).toBe('already_requested');
    expect(fake.refunds.size).toBe(1);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${payment.id}/refunds`)).toHaveLength(1);
    expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ gatewayRefundId: lost.id, status: 'PENDING' });
    expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ status: 'Cancelled', refund: { status: 'pending', amount: 202 } });

    // Razorpay's refund.processed webhook settles it (a replay of it changes nothing).
    const delivery = fake.refundWebhook('refund.processed', fake.settleRefund(lost.id, 'processed'), webhookSecret);
    expect((await postWebhook(ctx.app, delivery)).statusCode).toBe(200);
    expect((await postWebhook(ctx.app, delivery)).json().message).toBe('Event already received');
    expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: 'PROCESSED' });
    expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ refund: { status: 'processed', amount: 202 } });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ payments: [{ status: 'REFUNDED' }] });
  });

  it('the worker asks for a recorded refund (payments.refund), and the reconciler follows it when no webhook comes', async () => {
    const { shopper, checkout, payment } = await paidOrder();
    await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId);
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    expect(await handlers()['refund.requested']!({ refundId: refund.id, orderId: checkout.dbOrderId }, meta)).toBe('requested');
    const made = [...fake.refunds.values()].find((r) => r.payment_id === payment.id)!;
    expect(made).toMatchObject({ amount: 20_200, receipt: refund.id, speed_requested: 'normal', status: 'pending' });

    fake.settleRefund(made.id, 'failed');
    const reconciler = ctx.services.paymentReconciler;
    const summary = await reconciler.runOnce(new Date(Date.now() + 2 * 60_000));
    expect(summary).toMatchObject({ refundsChecked: 1, refundsSettled: 1 });
    expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: 'FAILED', gatewayRefundId: made.id });
    expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ refund: { status: 'failed', amount: 202 } });
  });

  it('a refund reached by the worker and the reconciler at once is asked for once', async () => {
    const { shopper, checkout, payment } = await paidOrder();
    await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId);
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    const outcomes = await Promise.all([ctx.services.refunds.request(refund.id), ctx.services.refunds.request(refund.id)]);
    expect(outcomes.sort()).toEqual(['being_requested', 'requested']);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  });

  it('a request that meets an outage lets the refund go, so the next try asks at once', async () => {
    const { shopper, checkout, payment } = await paidOrder();
    await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId);
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    fake.mode = 'error503';
    await expect(ctx.services.refunds.request(refund.id)).rejects.toMatchObject({ kind: 'unavailable' });
    fake.mode = 'ok';
    expect(await ctx.services.refunds.request(refund.id)).toBe('requested');
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  });

  it('a refused refund is marked failed only once the gateway could be asked whether an earlier request made it', async () => {
    const { shopper, checkout, payment } = await paidOrder();
    await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId);
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    const refusal = { path: /\/refund$/, description: 'The refund amount provided is greater than amount captured' };
    // Refused, and the look for an earlier request that follows meets an outage (the second refunds list asked for).
    let lists = 0;
    fake.onRequest = (r) => {
      if (r.method === 'GET' && r.path.endsWith('/refunds') && ++lists === 2) fake.mode = 'error503';
    };
    fake.refuseNext = refusal;
    try {
      await expect(ctx.services.refunds.request(refund.id)).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      fake.onRequest = null;
      fake.mode = 'ok';
    }
    expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: 'PENDING', gatewayRefundId: null });

    // The next try may ask at once; refused again and nothing found, the refund is failed for support to look at.
    fake.refuseNext = refusal;
    expect(await ctx.services.refunds.request(refund.id)).toBe('rejected');
    expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: 'FAILED' });
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(0);
  });

  it('a refund request that gets no answer in time is not asked again until the gateway has had time to make it', async () => {
    const { shopper, checkout, payment } = await paidOrder();
    await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId);
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    // Razorpay makes the refund, but answers after the gateway's 3 s limit.
    fake.refundAnswerDelayMs = 3_500;
    try {
      await expect(ctx.services.refunds.request(refund.id)).rejects.toMatchObject({ kind: 'unavailable' });
      // The job's retry, straight away, while the gateway is still answering the first request: it must not ask again.
      expect(await ctx.services.refunds.request(refund.id)).toBe('being_requested');
    } finally {
      fake.refundAnswerDelayMs = null;
    }
    // Once the hold is over (two minutes; here moved into the past), the next try finds the first request's refund.
    await ctx.db.$executeRaw`UPDATE refunds SET requesting_until = requesting_until - interval '3 minutes' WHERE id = ${refund.id}::uuid`;
    expect(await ctx.services.refunds.request(refund.id)).toBe('found_earlier_request');
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(made).toHaveLength(1);
    expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ gatewayRefundId: made[0]!.id, status: 'PENDING' });
  });

  it('a capture after expiry whose stock was sold meanwhile is refunded through Razorpay', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 20_000, stockQuantity: 1 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    const other = await shopperWithAddress(ctx.app);
    expect((await postCreate(ctx.app, other.cookie, { items: [{ product: product.id, quantity: 1 }], address: other.address._id })).statusCode).toBe(201);

    const late = fake.pay(checkout.order.id, 'captured');
    const row = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
    expect(await ctx.services.paymentSettlement.settle({ paymentId: row.id, gatewayPaymentId: late.id, source: 'webhook', signature: null })).toBe('refunding_late_capture');
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    expect(await ctx.services.refunds.request(refund.id)).toBe('requested');
    expect([...fake.refunds.values()].filter((r) => r.payment_id === late.id)).toEqual([expect.objectContaining({ amount: 20_200, receipt: refund.id })]);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, payments: [{ status: 'CAPTURED', gatewayPaymentId: late.id }] });
  });

  /**
   * A late capture refunded because its stock was sold, then the stock comes back and news of the same payment arrives
   * again (the other settling webhook, a verify, a retried job): the refund settled it, the order stays cancelled.
   */
  async function lateCaptureRefunded() {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 20_000, stockQuantity: 1 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    const other = await shopperWithAddress(ctx.app);
    expect((await postCreate(ctx.app, other.cookie, { items: [{ product: product.id, quantity: 1 }], address: other.address._id })).statusCode).toBe(201);
    const late = fake.pay(checkout.order.id, 'captured');
    const row = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
    const submission = { paymentId: row.id, gatewayPaymentId: late.id, source: 'webhook' as const, signature: null };
    expect(await ctx.services.paymentSettlement.settle(submission)).toBe('refunding_late_capture');
    const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
    // The unit comes back: the other shopper cancels.
    const otherOrder = await ctx.db.order.findFirstOrThrow({ where: { userId: other.user._id } });
    expect((await postCancel(ctx.app, other.cookie, otherOrder.id)).statusCode).toBe(200);
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 1 });
    return { checkout, product, refund, submission };
  }

  it('news of a late capture that arrives again once its refund went through changes nothing, even with the stock back', async () => {
    const { checkout, product, refund, submission } = await lateCaptureRefunded();
    expect(await ctx.services.refunds.request(refund.id)).toBe('requested');
    const made = [...fake.refunds.values()].find((r) => r.receipt === refund.id)!;
    expect((await postWebhook(ctx.app, fake.refundWebhook('refund.processed', fake.settleRefund(made.id, 'processed'), webhookSecret))).statusCode).toBe(200);

    expect(await ctx.services.paymentSettlement.settle(submission)).toBe('refunded_at_gateway');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, payments: [{ status: 'REFUNDED' }] });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 1, inStock: true });
  });

  it('news of a late capture that arrives again while its refund is pending does not restore the order either', async () => {
    const { checkout, product, refund, submission } = await lateCaptureRefunded();
    expect(await ctx.services.paymentSettlement.settle(submission)).toBe('already_refunding');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 1, inStock: true });
    expect(await ctx.db.refund.findMany({ where: { orderId: checkout.dbOrderId } })).toEqual([expect.objectContaining({ id: refund.id, status: 'PENDING' })]);
  });

  it('a late capture whose job gave up during an outage is decided by the reconciler ten minutes on', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 20_000, stockQuantity: 2 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    const late = fake.pay(checkout.order.id, 'captured');
    expect((await postWebhook(ctx.app, fake.webhook('payment.captured', late, webhookSecret))).statusCode).toBe(200);
    const attempt = await ctx.db.paymentAttempt.findFirstOrThrow({ where: { gatewayPaymentId: late.id } });
    const row = await ctx.db.payment.findFirstOrThrow({ where: { id: attempt.paymentId } });

    // Every try of the job meets the outage; BullMQ gives up on it.
    fake.mode = 'error503';
    const data = { checkoutId: row.checkoutId, paymentId: row.id, source: 'webhook' as const, gatewayPaymentId: late.id, signature: null, attemptId: attempt.id };
    await expect(handlers()['payment.submitted']!(data, meta)).rejects.toMatchObject({ kind: 'unavailable' });
    fake.mode = 'ok';
    expect(await ctx.db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({ outcome: null });

    // Its job may still be retrying five minutes on; ten minutes on it is the reconciler's.
    expect(await ctx.services.paymentReconciler.runOnce(new Date(Date.now() + 5 * 60_000))).toMatchObject({ submissionsChecked: 0 });
    expect(await ctx.services.paymentReconciler.runOnce(new Date(Date.now() + 11 * 60_000))).toMatchObject({ submissionsChecked: 1, errors: 0 });
    expect(await ctx.db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({ outcome: 'restored' });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: late.id }] });
    expect(await ctx.services.paymentReconciler.runOnce(new Date(Date.now() + 12 * 60_000))).toMatchObject({ submissionsChecked: 0 });
  });

  it('news of a payment the gateway still has in progress is closed by the follow-up, not looked at every run', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 2 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const collect = fake.pay(checkout.order.id, 'created');
    const row = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
    const attempt = await ctx.db.paymentAttempt.create({ data: { paymentId: row.id, source: 'webhook', gatewayPaymentId: collect.id, createdAt: new Date(Date.now() - 20 * 60_000) } });

    expect(await ctx.services.paymentReconciler.runOnce()).toMatchObject({ submissionsChecked: 1, errors: 0 });
    expect(await ctx.db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({ outcome: 'still_in_progress' });
    expect(await ctx.services.paymentReconciler.runOnce()).toMatchObject({ submissionsChecked: 0 });
  });

  it('a failed try is told to the shopper once, however many times its news comes, and its outcome commits with it', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 3 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const failed = fake.pay(checkout.order.id, 'failed');
    const row = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
    const announced = () => ctx.db.outboxEvent.count({ where: { type: 'payment.failed', payload: { path: ['orderId'], equals: checkout.dbOrderId } } });

    for (const source of ['webhook', 'reconciler'] as const) {
      expect(await ctx.services.paymentSettlement.settle({ paymentId: row.id, gatewayPaymentId: failed.id, source, signature: null })).toBe('failed_attempt');
    }
    expect(await announced()).toBe(1);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', payments: [{ status: 'FAILED' }] });

    // Another try on the same gateway order that fails too is news of its own.
    const again = fake.pay(checkout.order.id, 'failed');
    expect(await ctx.services.paymentSettlement.settle({ paymentId: row.id, gatewayPaymentId: again.id, source: 'webhook', signature: null })).toBe('failed_attempt');
    expect(await announced()).toBe(2);
  });

  it('an authorization the gateway refuses to capture does not hold the checkout: it expires on time and its stock goes back', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 3 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    fake.pay(checkout.order.id, 'authorized');
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 2 });
    await ageOrder(ctx.db, checkout.dbOrderId, 20);

    fake.refuseNext = { path: /\/capture$/, description: 'Payment capture is not allowed for this payment' };
    expect(await ctx.services.paymentReconciler.runOnce()).toMatchObject({ checked: 1, expired: 1, errors: 0 });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 3 });
  });

  describe('gateway errors say what happened', () => {
    it('a refused capture is logged with its kind and the checkout id, ends the attempt, and is not retried', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 3 });
      const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
      const payment = fake.pay(checkout.order.id, 'authorized');
      const row = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
      fake.refuseNext = { path: /\/capture$/, description: 'Payment capture is not allowed for this payment' };

      const data = { checkoutId: row.checkoutId, paymentId: row.id, source: 'webhook' as const, gatewayPaymentId: payment.id, signature: null };
      await expect(handlers()['payment.submitted']!(data, meta)).rejects.toBeInstanceOf(UnrecoverableError);
      expect(lines).toContainEqual(expect.objectContaining({ level: 50, kind: 'rejected', checkoutId: row.checkoutId, operation: 'settle', err: expect.stringContaining('not allowed') }));
      expect(await ctx.db.paymentAttempt.findFirstOrThrow({ where: { gatewayPaymentId: payment.id } })).toMatchObject({ outcome: 'gateway_rejected' });
      // The gateway's own status stays on our row: authorized, not captured, not paid.
      expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', isPaid: false, payments: [{ status: 'AUTHORIZED', gatewayPaymentId: payment.id }] });
    });

    it('an outage is logged as unavailable and retried (a plain error for BullMQ’s backoff)', async () => {
      const { checkout } = await paidOrder().then(async (o) => {
        await postCancel(ctx.app, o.shopper.cookie, o.checkout.dbOrderId);
        return o;
      });
      const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
      fake.mode = 'error503';
      const failure = await handlers()['refund.requested']!({ refundId: refund.id, orderId: checkout.dbOrderId }, meta).catch((e: unknown) => e);
      expect(failure).not.toBeInstanceOf(UnrecoverableError);
      expect(failure).toMatchObject({ name: 'GatewayError', kind: 'unavailable' });
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, kind: 'unavailable', orderId: checkout.dbOrderId, operation: 'refund' }));
      expect(await ctx.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: 'PENDING', gatewayRefundId: null });
    });

    it('a failed orders.create is logged with its kind and our checkout id; wrong keys are "unauthorized"', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 3 });
      fake.mode = 'error500';
      const res = await postCreate(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
      expect(res.statusCode).toBe(503);
      const order = await ctx.db.order.findFirstOrThrow({ where: { userId: shopper.user._id } });
      expect(lines).toContainEqual(expect.objectContaining({ kind: 'unavailable', checkoutId: order.checkoutId, operation: 'orders.create' }));

      fake.mode = 'ok';
      fake.refuseNext = { path: /^\/v1\/orders$/, description: 'Order amount exceeds maximum amount allowed' };
      const refused = await postCreate(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'payment_rejected' });
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, kind: 'rejected', operation: 'orders.create' }));
    });
  });
});
