import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSimulated } from '../../../core/modules/payments/payment-gateway-factory';
import type { SimulatedGateway } from '../../../core/modules/payments/simulated-gateway';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { sleep, startTestWorkers } from '../../helpers/live-helpers';
import { createOnlineOrder, decidedAttempts, failInTestCheckout, orderState, payInTestCheckout, postVerify, postWebhook, waitFor, checkoutOf } from '../../helpers/payment-flows';

/**
 * POST /api/payments/razorpay/webhook with the simulated gateway's signed deliveries: signature over the raw body
 * with the webhook secret, one stored event per x-razorpay-event-id, the same idempotent worker path as a callback.
 */
describe('POST /api/payments/razorpay/webhook', () => {
  let ctx: TestContext;
  let gateway: SimulatedGateway;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    // Webhooks are delivered by hand here, so each test controls exactly which arrive and when.
    ctx = await buildTestContext({ SIMULATED_GATEWAY_WEBHOOKS: 'false' });
    if (!isSimulated(ctx.services.paymentGateway)) throw new Error('expected the simulated gateway');
    gateway = ctx.services.paymentGateway;
    stopWorkers = await startTestWorkers(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  async function pendingOrder() {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 5 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    return { shopper, checkout };
  }

  const stored = () => ctx.db.webhookEvent.count();
  const queued = () => ctx.db.outboxEvent.count({ where: { type: 'payment.submitted' } });

  it('settles a paid order from payment.captured alone (the browser never called back), and marks the event processed', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const delivery = await gateway.webhook('payment.captured', paid.razorpay_payment_id);

    const res = await postWebhook(ctx.app, delivery);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Event received' });
    expect((await decidedAttempts(ctx.db, paid.razorpay_payment_id))[0]).toMatchObject({ source: 'webhook', outcome: 'paid', signature: null });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: paid.razorpay_payment_id }] });
    // The event is marked processed just after the decision is written, in a step of its own.
    const event = await waitFor(
      () => ctx.db.webhookEvent.findFirst({ where: { gatewayEventId: delivery.headers['x-razorpay-event-id'], processedAt: { not: null } } }),
      'the webhook event to be marked processed',
    );
    expect(event).toMatchObject({ type: 'payment.captured', processedAt: expect.any(Date) });
  });

  it('refuses a bad, missing or wrong-secret signature with 401 and stores nothing', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const genuine = await gateway.webhook('payment.captured', paid.razorpay_payment_id);
    const [storedBefore, queuedBefore, before] = [await stored(), await queued(), await orderState(ctx.db, checkout.dbOrderId)];

    const tampered = { ...genuine, body: genuine.body.replace('"captured"', '"captured" ') };
    const keySecretSigned = { ...genuine, headers: { ...genuine.headers, 'x-razorpay-signature': createHmac('sha256', ctx.config.payments.keySecret).update(genuine.body).digest('hex') } };
    const { 'x-razorpay-signature': _omitted, ...unsignedHeaders } = genuine.headers;
    for (const delivery of [tampered, keySecretSigned, { ...genuine, headers: unsignedHeaders }]) {
      const res = await postWebhook(ctx.app, delivery);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid webhook signature' });
    }
    await sleep(300);
    expect([await stored(), await queued()]).toEqual([storedBefore, queuedBefore]);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toEqual(before);
  });

  it('acknowledges a duplicated delivery (same event id) and ignores it: one stored event, one worker run', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const delivery = await gateway.webhook('payment.captured', paid.razorpay_payment_id);
    const queuedBefore = await queued();

    const replies = await Promise.all([postWebhook(ctx.app, delivery), postWebhook(ctx.app, delivery), postWebhook(ctx.app, delivery)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(replies.map((r) => r.json().message).sort()).toEqual(['Event already received', 'Event already received', 'Event received']);
    await decidedAttempts(ctx.db, paid.razorpay_payment_id);
    await sleep(300);
    expect(await ctx.db.webhookEvent.count({ where: { gatewayEventId: delivery.headers['x-razorpay-event-id'] } })).toBe(1);
    expect(await queued()).toBe(queuedBefore + 1);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, version: 2, history: 2 });
  });

  it('out of order: a late payment.failed never moves a paid order back', async () => {
    const { shopper, checkout } = await pendingOrder();
    const failed = { razorpay_payment_id: (await failInTestCheckout(ctx.app, shopper.cookie, checkout.order.id)).paymentId };
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');

    await postWebhook(ctx.app, await gateway.webhook('order.paid', paid.razorpay_payment_id));
    await decidedAttempts(ctx.db, paid.razorpay_payment_id);
    const afterPaid = await orderState(ctx.db, checkout.dbOrderId);
    expect(afterPaid).toMatchObject({ status: 'ORDER_PLACED', isPaid: true });

    await postWebhook(ctx.app, await gateway.webhook('payment.failed', failed.razorpay_payment_id));
    expect((await decidedAttempts(ctx.db, failed.razorpay_payment_id))[0]!.outcome).toBe('failure_ignored');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toEqual(afterPaid);
  });

  it('out of order the other way: payment.failed first leaves the order payable, payment.captured then pays it', async () => {
    const { shopper, checkout } = await pendingOrder();
    const failed = { razorpay_payment_id: (await failInTestCheckout(ctx.app, shopper.cookie, checkout.order.id)).paymentId };
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');

    await postWebhook(ctx.app, await gateway.webhook('payment.failed', failed.razorpay_payment_id));
    // One failed try inside a checkout is not the end of the order: Razorpay lets the shopper retry.
    expect((await decidedAttempts(ctx.db, failed.razorpay_payment_id))[0]!.outcome).toBe('failed_attempt');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', isPaid: false, stock: [4] });

    await postWebhook(ctx.app, await gateway.webhook('payment.captured', paid.razorpay_payment_id));
    await decidedAttempts(ctx.db, paid.razorpay_payment_id);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, stock: [4] });
  });

  it('does not trust the payload: a payment.failed whose payment the gateway reports captured pays, never cancels', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const delivery = await gateway.webhook('payment.captured', paid.razorpay_payment_id);
    const lying = delivery.body.replace('"event":"payment.captured"', '"event":"payment.failed"').replace('"status":"captured"', '"status":"failed"');
    const signed = { body: lying, headers: { ...delivery.headers, 'x-razorpay-signature': createHmac('sha256', ctx.config.payments.webhookSecret).update(lying).digest('hex') } };

    expect((await postWebhook(ctx.app, signed)).statusCode).toBe(200);
    expect((await decidedAttempts(ctx.db, paid.razorpay_payment_id))[0]!.outcome).toBe('paid');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true });
  });

  it('a webhook after the checkout callback already paid the order changes nothing', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
    await decidedAttempts(ctx.db, paid.razorpay_payment_id);
    const before = await orderState(ctx.db, checkout.dbOrderId);

    await postWebhook(ctx.app, await gateway.webhook('payment.captured', paid.razorpay_payment_id));
    expect((await decidedAttempts(ctx.db, paid.razorpay_payment_id, 2))[1]).toMatchObject({ source: 'webhook', outcome: 'already_paid' });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toEqual(before);
  });

  it('a payment captured after the order expired restores it while its stock is still there', async () => {
    const { checkout } = await pendingOrder();
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [5] });

    // The shopper's bank completes a payment on the gateway order anyway (a UPI collect approved late).
    const late = await gateway.checkout(checkout.order.id, 'success');
    await postWebhook(ctx.app, await gateway.webhook('payment.captured', late!.paymentId));
    expect((await decidedAttempts(ctx.db, late!.paymentId))[0]!.outcome).toBe('restored');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, stock: [4], payments: [{ status: 'CAPTURED', gatewayPaymentId: late!.paymentId }] });
    const history = await ctx.db.orderHistory.findMany({ where: { orderId: checkout.dbOrderId }, orderBy: { at: 'asc' } });
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorType])).toEqual([[null, 'PENDING', 'USER'], ['PENDING', 'CANCELLED', 'SYSTEM'], ['CANCELLED', 'ORDER_PLACED', 'SYSTEM']]);
    expect(history.at(-1)!.note).toMatch(/captured .*restored/);
  });

  it('a payment captured after the order expired and its stock was sold is refunded through the gateway', async () => {
    const { checkout } = await pendingOrder();
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    const productId = (await ctx.db.orderItem.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } })).productId;
    await ctx.db.product.update({ where: { id: productId }, data: { stockQuantity: 0, inStock: false } });

    const late = await gateway.checkout(checkout.order.id, 'success');
    await postWebhook(ctx.app, await gateway.webhook('payment.captured', late!.paymentId));
    expect((await decidedAttempts(ctx.db, late!.paymentId))[0]!.outcome).toBe('refunding_late_capture');
    const refund = await waitFor(() => ctx.db.refund.findFirst({ where: { orderId: checkout.dbOrderId, gatewayRefundId: { not: null } } }), 'the refund to be made at the gateway');
    expect(refund).toMatchObject({ gatewayPaymentId: late!.paymentId, amountPaise: checkout.order.amount, status: 'PROCESSED', gatewayRefundId: expect.stringMatching(/^rfnd_/) });
    expect(await gateway.fetchRefunds(late!.paymentId)).toEqual([expect.objectContaining({ id: refund.gatewayRefundId, receipt: refund.id, amountPaise: checkout.order.amount })]);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [0] });
  });

  it('stores and ignores events it does not act on, and events for gateway orders that are not ours', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const delivery = await gateway.webhook('payment.captured', paid.razorpay_payment_id);
    const foreign = delivery.body.replaceAll(checkout.order.id, 'order_NotOurs00000000');
    const refund = delivery.body.replace('"event":"payment.captured"', '"event":"refund.created"');
    const queuedBefore = await queued();
    for (const body of [foreign, refund]) {
      const sign = createHmac('sha256', ctx.config.payments.webhookSecret).update(body).digest('hex');
      const res = await postWebhook(ctx.app, { body, headers: { ...delivery.headers, 'x-razorpay-signature': sign, 'x-razorpay-event-id': `evt_${sign.slice(0, 14)}` } });
      expect(res.statusCode).toBe(200);
    }
    expect(await queued()).toBe(queuedBefore);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', isPaid: false });
  });
});
