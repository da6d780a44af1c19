import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHECKOUT_ATTEMPTS } from '../../../core/modules/payments/payment-service';
import { checkoutSignature } from '../../../core/modules/payments/signatures';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { openSocket, sleep, startLiveStack } from '../../helpers/live-helpers';
import { createOnlineOrder, decidedAttempts, orderState, failInTestCheckout, payInTestCheckout, postVerify, checkoutOf } from '../../helpers/payment-flows';

/**
 * Attacks on POST /api/order/razorpay/verify. Each must change nothing it should not: the worker signs against the
 * gateway order id STORED with our order (docs/architecture.md, "Payments"), so neither a forged signature nor a genuine one
 * taken from another order can mark anything paid.
 */
describe('POST /api/order/razorpay/verify under attack', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    // Webhooks are delivered by hand here, so each test controls exactly which arrive and when.
    ctx = await buildTestContext({ SIMULATED_GATEWAY_WEBHOOKS: 'false' });
    ({ baseUrl, stop: stopWorkers } = await startLiveStack(ctx));
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  async function pendingOrder(shopper: Awaited<ReturnType<typeof shopperWithAddress>>, offerPricePaise = 8_000) {
    const product = await createProduct(ctx.db, { offerPricePaise, stockQuantity: 10 });
    return createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
  }

  it('a forged signature pays nothing and cancels nothing; the owner is told, and the genuine callback still pays', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
    const checkout = await pendingOrder(shopper);
    const genuine = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const before = await orderState(ctx.db, checkout.dbOrderId);

    const forged = await postVerify(ctx.app, shopper.cookie, { ...genuine, razorpay_signature: 'ab'.repeat(32), orderId: checkout.dbOrderId });
    expect(forged.statusCode).toBe(200); // recorded and queued: the worker decides
    const [attempt] = await decidedAttempts(ctx.db, genuine.razorpay_payment_id);
    expect(attempt!.outcome).toBe('rejected_signature');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toEqual({ ...before, payments: [{ status: 'SUBMITTED', gatewayPaymentId: null }] });
    expect(await ws.next((m) => m.type === 'payment.failed')).toMatchObject({ orderId: checkout.dbOrderId, message: 'Payment failed. Please try again.' });

    // Decision: the order stayed Pending because a real payment may still come; here it does.
    await postVerify(ctx.app, shopper.cookie, { ...genuine, orderId: checkout.dbOrderId });
    expect((await decidedAttempts(ctx.db, genuine.razorpay_payment_id, 2))[1]!.outcome).toBe('paid');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true });
    ws.close();
  });

  it('a genuine signature from a cheap order cannot pay an expensive one', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const cheap = await pendingOrder(shopper, 100);
    const expensive = await pendingOrder(shopper, 499_900);
    const cheapPaid = await payInTestCheckout(ctx.app, shopper.cookie, cheap.order.id);
    const before = await orderState(ctx.db, expensive.dbOrderId);

    // As the callback hands it over, then with the expensive order's gateway id swapped into the body: the body's
    // razorpay_order_id is never used (the stored one is), so the second is the same submission again.
    await postVerify(ctx.app, shopper.cookie, { ...cheapPaid, orderId: expensive.dbOrderId });
    await postVerify(ctx.app, shopper.cookie, { ...cheapPaid, razorpay_order_id: expensive.order.id, orderId: expensive.dbOrderId });
    const attempts = await decidedAttempts(ctx.db, cheapPaid.razorpay_payment_id);
    expect(attempts.map((a) => a.outcome)).toEqual(['rejected_signature']);
    expect(await orderState(ctx.db, expensive.dbOrderId)).toEqual({ ...before, payments: [{ status: 'SUBMITTED', gatewayPaymentId: null }] });
    // The cheap order was never verified itself, so it is untouched too.
    expect(await orderState(ctx.db, cheap.dbOrderId)).toMatchObject({ status: 'PENDING', isPaid: false });

    // Defence in depth: even a signature made with the key secret for (expensive order | cheap payment) is refused,
    // because the gateway reports that payment as belonging to another order, for another amount.
    const signedPairing = checkoutSignature(expensive.order.id, cheapPaid.razorpay_payment_id, ctx.config.payments.keySecret);
    await postVerify(ctx.app, shopper.cookie, { ...cheapPaid, razorpay_signature: signedPairing, orderId: expensive.dbOrderId });
    expect((await decidedAttempts(ctx.db, cheapPaid.razorpay_payment_id, 2)).map((a) => a.outcome)).toEqual(['rejected_signature', 'mismatch']);
    expect(await orderState(ctx.db, expensive.dbOrderId)).toEqual({ ...before, payments: [{ status: 'SUBMITTED', gatewayPaymentId: null }] });
  });

  it('someone else’s orderId: 404, nothing recorded, nothing queued', async () => {
    const owner = await shopperWithAddress(ctx.app);
    const attacker = await shopperWithAddress(ctx.app);
    const victim = await pendingOrder(owner);
    const attackerPaid = await payInTestCheckout(ctx.app, attacker.cookie, (await pendingOrder(attacker)).order.id);
    const outboxBefore = await ctx.db.outboxEvent.count({ where: { type: 'payment.submitted' } });
    const before = await orderState(ctx.db, victim.dbOrderId);

    const res = await postVerify(ctx.app, attacker.cookie, { ...attackerPaid, orderId: victim.dbOrderId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Order not found' });
    expect(await ctx.db.paymentAttempt.count({ where: { gatewayPaymentId: attackerPaid.razorpay_payment_id } })).toBe(0);
    expect(await ctx.db.outboxEvent.count({ where: { type: 'payment.submitted' } })).toBe(outboxBefore);
    expect(await orderState(ctx.db, victim.dbOrderId)).toEqual(before);
    // Without a session it is 401; a malformed body is 400.
    expect((await postVerify(ctx.app, undefined, { ...attackerPaid, orderId: victim.dbOrderId })).statusCode).toBe(401);
    expect((await postVerify(ctx.app, owner.cookie, { ...attackerPaid, razorpay_signature: 'nope', orderId: victim.dbOrderId })).statusCode).toBe(400);
  });

  it('a replayed verify is accepted once: one attempt, one event, one transition', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const checkout = await pendingOrder(shopper);
    const response = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const body = { ...response, orderId: checkout.dbOrderId };

    const replies = await Promise.all([postVerify(ctx.app, shopper.cookie, body), postVerify(ctx.app, shopper.cookie, body)]);
    expect(replies.map((r) => [r.statusCode, r.json().message])).toEqual([
      [200, 'Payment received, confirming…'],
      [200, 'Payment received, confirming…'],
    ]);
    await decidedAttempts(ctx.db, response.razorpay_payment_id);
    // Once it is paid, the same callback again is still a calm 200 that adds nothing.
    expect((await postVerify(ctx.app, shopper.cookie, body)).statusCode).toBe(200);
    await sleep(300);

    expect(await ctx.db.paymentAttempt.count({ where: { gatewayPaymentId: response.razorpay_payment_id } })).toBe(1);
    expect(await ctx.db.outboxEvent.count({ where: { type: 'payment.submitted', payload: { path: ['checkoutId'], equals: await checkoutOf(ctx.db, checkout.dbOrderId) } } })).toBe(1);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, version: 2, history: 2 });
  });

  it('a failed payment’s callback cannot cancel an order that is already paid', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const checkout = await pendingOrder(shopper);
    // Two tries in one checkout: the first fails, the second succeeds; the failure is reported last.
    const { paymentId } = await failInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
    await decidedAttempts(ctx.db, paid.razorpay_payment_id);
    const before = await orderState(ctx.db, checkout.dbOrderId);

    // Checkout never signs a failure; even a correctly signed callback for the failed try changes nothing.
    const failed = { razorpay_order_id: checkout.order.id, razorpay_payment_id: paymentId, razorpay_signature: createHmac('sha256', ctx.config.payments.keySecret).update(`${checkout.order.id}|${paymentId}`).digest('hex') };
    expect((await postVerify(ctx.app, shopper.cookie, { ...failed, orderId: checkout.dbOrderId })).statusCode).toBe(200);
    expect((await decidedAttempts(ctx.db, paymentId))[0]!.outcome).toBe('failure_ignored');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toEqual(before);
    expect(before).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: paid.razorpay_payment_id }] });
  });

  it('50 parallel forged callbacks on one order record at most the cap of attempts and events', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const checkout = await pendingOrder(shopper);
    const payment = await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } });
    const outboxBefore = await ctx.db.outboxEvent.count();

    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postVerify(ctx.app, shopper.cookie, { razorpay_order_id: checkout.order.id, razorpay_payment_id: `pay_forged${i}`, razorpay_signature: 'cd'.repeat(32), orderId: checkout.dbOrderId }),
      ),
    );

    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(MAX_CHECKOUT_ATTEMPTS);
    const refused = burst.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(50 - MAX_CHECKOUT_ATTEMPTS);
    expect(refused[0]!.json()).toMatchObject({ success: false, code: 'too_many_payment_attempts' });
    expect(await ctx.db.paymentAttempt.count({ where: { paymentId: payment.id } })).toBe(MAX_CHECKOUT_ATTEMPTS);
    // One payment.submitted per recorded attempt, and whatever the worker has decided about them since: no more.
    const submitted = await ctx.db.outboxEvent.count({ where: { type: 'payment.submitted', payload: { path: ['checkoutId'], equals: await checkoutOf(ctx.db, checkout.dbOrderId) } } });
    expect(submitted).toBe(MAX_CHECKOUT_ATTEMPTS);
    expect((await ctx.db.outboxEvent.count()) - outboxBefore).toBeLessThanOrEqual(MAX_CHECKOUT_ATTEMPTS * 3);
  });
});
