import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../../core/modules/payments/razorpay-gateway';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { startFakeRazorpay, type FakeRazorpay } from '../../helpers/fake-razorpay';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { checkoutOf, createOnlineOrder, orderState, postCancel, postCreate } from '../../helpers/payment-flows';

const HOUR_MS = 3_600_000;

/**
 * Late checks (core/modules/payments/late-checks.ts): after a checkout stopped waiting for its payment, the reconciler
 * asks the gateway about its order again a few times, and decides any capture that no callback or webhook reported.
 * The fake Razorpay sends no webhooks, so only the reconciler can find these payments.
 */
describe('late checks of gateway orders', () => {
  let fake: FakeRazorpay;
  let ctx: TestContext;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    const gateway = createRazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: fake.url, timeoutMs: 3000 });
    ctx = await buildTestContext(
      { RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: 'whsec-late-checks', LOG_LEVEL: 'silent' },
      { paymentGateway: gateway },
    );
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
  });

  const reconcile = () => ctx.services.paymentReconciler.runOnce();

  async function onlineCheckout(stockQuantity = 3) {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 20_000, stockQuantity });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const payment = await ctx.db.payment.findUniqueOrThrow({ where: { gatewayOrderId: checkout.order.id } });
    return { shopper, product, checkout, payment };
  }

  /** An unpaid checkout the reconciler expired (its stock released), as it would be after the expiry. */
  async function expiredCheckout(stockQuantity = 3) {
    const made = await onlineCheckout(stockQuantity);
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, made.checkout.dbOrderId), 15)).toBe('expired');
    return made;
  }

  /** The gateway order made `hours` ago, its schedule moved back with it. */
  async function agePayment(paymentId: string, hours: number) {
    await ctx.db.$executeRaw`
      UPDATE payments SET created_at = created_at - make_interval(secs => ${hours * 3600}),
                          late_check_at = late_check_at - make_interval(secs => ${hours * 3600})
       WHERE id = ${paymentId}::uuid`;
  }

  const schedule = async (paymentId: string) => {
    const row = await ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { createdAt: true, lateCheckAt: true } });
    return row.lateCheckAt && (row.lateCheckAt.getTime() - row.createdAt.getTime()) / HOUR_MS;
  };
  const asked = (gatewayOrderId: string) => fake.requests.filter((r) => r.path.includes(gatewayOrderId)).length;

  it('schedules a new gateway order’s first look an hour on, and does not look before then', async () => {
    const { checkout, payment } = await expiredCheckout();
    expect(await schedule(payment.id)).toBe(1);
    fake.pay(checkout.order.id, 'captured');
    const before = asked(checkout.order.id);
    await agePayment(payment.id, 0.9);
    expect(await reconcile()).toMatchObject({ lateChecked: 0, lateFound: 0 });
    expect(asked(checkout.order.id)).toBe(before);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false });
  });

  it('finds a capture after the expiry that nothing reported, and restores the order the shopper paid for', async () => {
    const { checkout, payment } = await expiredCheckout();
    const late = fake.pay(checkout.order.id, 'captured');
    await agePayment(payment.id, 1.5);

    expect(await reconcile()).toMatchObject({ lateChecked: 1, lateFound: 1 });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, stock: [2], payments: [{ status: 'CAPTURED', gatewayPaymentId: late.id }] });
    expect(await ctx.db.paymentAttempt.findMany({ where: { gatewayPaymentId: late.id } })).toEqual([expect.objectContaining({ source: 'reconciler', outcome: 'restored' })]);
    expect(await schedule(payment.id)).toBe(6);

    // The next look finds the same payment again and leaves it be: it is the one that paid.
    await agePayment(payment.id, 5);
    expect(await reconcile()).toMatchObject({ lateChecked: 1, lateFound: 0 });
    expect(await ctx.db.paymentAttempt.count({ where: { gatewayPaymentId: late.id } })).toBe(1);
    expect(await schedule(payment.id)).toBe(24);
  });

  it('refunds a late capture whose stock was sold meanwhile, and does not decide it twice', async () => {
    const { checkout, product, payment } = await expiredCheckout(1);
    const other = await shopperWithAddress(ctx.app);
    expect((await postCreate(ctx.app, other.cookie, { items: [{ product: product.id, quantity: 1 }], address: other.address._id })).statusCode).toBe(201);
    const late = fake.pay(checkout.order.id, 'captured');
    await agePayment(payment.id, 2);

    expect(await reconcile()).toMatchObject({ lateChecked: 1, lateFound: 1 });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false });
    const refunds = await ctx.db.refund.findMany({ where: { orderId: checkout.dbOrderId } });
    expect(refunds).toEqual([expect.objectContaining({ gatewayPaymentId: late.id, amountPaise: 20_200, status: 'PENDING', reason: 'Paid after the order was cancelled' })]);
    expect(await ctx.db.outboxEvent.count({ where: { type: 'refund.requested', payload: { path: ['refundId'], equals: refunds[0]!.id } } })).toBe(1);

    await agePayment(payment.id, 5);
    expect(await reconcile()).toMatchObject({ lateFound: 0 });
    expect(await ctx.db.paymentAttempt.count({ where: { gatewayPaymentId: late.id } })).toBe(1);
  });

  it('finds a second payment captured on a paid checkout and refunds it whole', async () => {
    const { checkout, payment } = await onlineCheckout();
    const first = fake.pay(checkout.order.id, 'captured');
    expect(await ctx.services.paymentSettlement.settle({ paymentId: payment.id, gatewayPaymentId: first.id, source: 'webhook', signature: null })).toBe('paid');
    const second = fake.pay(checkout.order.id, 'captured');
    await agePayment(payment.id, 1);

    expect(await reconcile()).toMatchObject({ lateChecked: 1, lateFound: 1 });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: first.id }] });
    expect(await ctx.db.refund.findMany({ where: { orderId: checkout.dbOrderId } })).toEqual([
      expect.objectContaining({ gatewayPaymentId: second.id, amountPaise: 20_200, reason: 'A second payment for an order that was already paid' }),
    ]);
  });

  it('leaves an authorization on an expired checkout uncaptured: the gateway hands it back', async () => {
    const { checkout, payment } = await expiredCheckout();
    fake.pay(checkout.order.id, 'authorized');
    await agePayment(payment.id, 1);
    expect(await reconcile()).toMatchObject({ lateChecked: 1, lateFound: 0 });
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toEqual([]);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false });
  });

  it('leaves a checkout that still waits for its payment to the reconciler’s Pending work', async () => {
    const { checkout, payment } = await onlineCheckout();
    await agePayment(payment.id, 2);
    const before = asked(checkout.order.id);
    expect(await reconcile()).toMatchObject({ lateChecked: 0 });
    expect(asked(checkout.order.id)).toBe(before);
    expect(await schedule(payment.id)).toBe(1);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING' });
  });

  it('refunds a capture found for an order the shopper cancelled, or one the system cancelled over an hour before', async () => {
    const byShopper = await onlineCheckout();
    expect((await postCancel(ctx.app, byShopper.shopper.cookie, byShopper.checkout.dbOrderId, { reason: 'Ordered by mistake' })).statusCode).toBe(200);
    const expiredLongAgo = await expiredCheckout();
    await ctx.db.orderHistory.updateMany({ where: { orderId: expiredLongAgo.checkout.dbOrderId, toStatus: 'CANCELLED' }, data: { at: new Date(Date.now() - 2 * HOUR_MS) } });
    const paid = [byShopper, expiredLongAgo].map(({ checkout }) => fake.pay(checkout.order.id, 'captured'));
    for (const { payment } of [byShopper, expiredLongAgo]) await agePayment(payment.id, 3);

    expect(await reconcile()).toMatchObject({ lateChecked: 2, lateFound: 2 });
    for (const [i, { checkout }] of [byShopper, expiredLongAgo].entries()) {
      expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [3] });
      expect(await ctx.db.refund.findMany({ where: { orderId: checkout.dbOrderId } })).toEqual([
        expect.objectContaining({ gatewayPaymentId: paid[i]!.id, amountPaise: 20_200, reason: 'Paid after the order was cancelled' }),
      ]);
    }
  });

  it('tries a look that failed again in 15 minutes, behind the others, and leaves the rest for the next run while the gateway is out', async () => {
    const first = await expiredCheckout();
    const second = await expiredCheckout();
    await agePayment(first.payment.id, 2);
    await agePayment(second.payment.id, 1.5);
    const secondDue = (await ctx.db.payment.findUniqueOrThrow({ where: { id: second.payment.id } })).lateCheckAt;
    fake.mode = 'error503';
    const before = fake.requests.length;
    const down = await reconcile();
    expect(down).toMatchObject({ lateChecked: 0, errors: 1 });
    // One call met the outage (the SDK's own retries aside, at most one gateway order was asked about).
    expect(new Set(fake.requests.slice(before).map((r) => r.path))).toEqual(new Set([`/v1/orders/${first.checkout.order.id}/payments`]));
    const retryAt = (await ctx.db.payment.findUniqueOrThrow({ where: { id: first.payment.id } })).lateCheckAt!;
    expect(retryAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(retryAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect((await ctx.db.payment.findUniqueOrThrow({ where: { id: second.payment.id } })).lateCheckAt).toEqual(secondDue);

    fake.mode = 'ok';
    expect(await reconcile()).toMatchObject({ lateChecked: 1, errors: 0 });
    expect(await schedule(second.payment.id)).toBe(6);
  });

  it('ends the schedule after three days, and gives a failing look up a day after that', async () => {
    const { checkout, payment } = await expiredCheckout();
    await agePayment(payment.id, 73);
    const late = fake.pay(checkout.order.id, 'captured');
    expect(await reconcile()).toMatchObject({ lateChecked: 1, lateFound: 1 });
    // The cancel was moments ago, so the payment still restores the order; no look follows.
    expect(await ctx.db.paymentAttempt.findMany({ where: { gatewayPaymentId: late.id } })).toEqual([expect.objectContaining({ outcome: 'restored' })]);
    expect(await schedule(payment.id)).toBeNull();

    const failing = await expiredCheckout();
    await agePayment(failing.payment.id, 97);
    fake.mode = 'error503';
    expect(await reconcile()).toMatchObject({ lateChecked: 0, errors: 1 });
    expect(await schedule(failing.payment.id)).toBeNull();
  });
});
