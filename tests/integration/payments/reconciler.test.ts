import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRazorpayGateway } from '../../../core/modules/payments/razorpay-gateway';
import { createServices } from '../../../core/services';
import { RECONCILE_QUEUE, RECONCILE_SCHEDULER_ID } from '../../../workers/reconciler/reconcile-schedule';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { refusedUrl } from '../../helpers/fake-razorpay';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { startTestWorkers } from '../../helpers/live-helpers';
import { ageOrder, createOnlineOrder, failInTestCheckout, orderState, payInTestCheckout, waitFor, checkoutOf } from '../../helpers/payment-flows';

/**
 * The reconciler: Pending online orders whose callback never came are looked up at the gateway; paid ones become
 * Order Placed, ones past the expiry (30 min by default) are cancelled with their stock released.
 */
describe('payment reconciler', () => {
  let ctx: TestContext;
  const logger = createLogger('silent', 'test-reconciler');

  beforeAll(async () => {
    // Defaults: reconcile after 5 minutes, expire after 30; the scheduled run every second for the last test.
    // No webhooks: the reconciler is what finds payments here. Expiry after 30 minutes.
    ctx = await buildTestContext({ RECONCILE_EVERY_SECONDS: '1', SIMULATED_GATEWAY_WEBHOOKS: 'false', PAYMENT_EXPIRY_MINUTES: '30' });
  });
  afterAll(() => ctx.close());

  const reconciler = () => ctx.services.paymentReconciler;

  async function pendingOrder() {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 3 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id });
    return { shopper, checkout, productId: product.id };
  }

  it('settles a paid order whose callback and webhook never arrived', async () => {
    const { shopper, checkout } = await pendingOrder();
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    await ageOrder(ctx.db, checkout.dbOrderId, 6, 30);

    await reconciler().runOnce();
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, stock: [1], payments: [{ status: 'CAPTURED', gatewayPaymentId: paid.razorpay_payment_id }] });
    expect(await ctx.db.paymentAttempt.findMany({ where: { gatewayPaymentId: paid.razorpay_payment_id } })).toEqual([expect.objectContaining({ source: 'reconciler', outcome: 'paid' })]);
    const history = await ctx.db.orderHistory.findMany({ where: { orderId: checkout.dbOrderId }, orderBy: { at: 'asc' } });
    expect(history.at(-1)).toMatchObject({ fromStatus: 'PENDING', toStatus: 'ORDER_PLACED', isPaid: true, actorType: 'SYSTEM' });
  });

  it('cancels an unpaid order past the expiry and releases its stock; a failed try does not count as paid', async () => {
    const { shopper, checkout, productId } = await pendingOrder();
    await failInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: productId } })).toMatchObject({ stockQuantity: 1 });
    await ageOrder(ctx.db, checkout.dbOrderId, 31, 30);

    await reconciler().runOnce();
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [3], payments: [{ status: 'FAILED' }] });
    const history = await ctx.db.orderHistory.findMany({ where: { orderId: checkout.dbOrderId }, orderBy: { at: 'asc' } });
    expect(history.at(-1)).toMatchObject({ toStatus: 'CANCELLED', actorType: 'SYSTEM', note: 'No payment within 30 minutes' });
  });

  it('leaves alone what it should: a fresh order, an unpaid one not yet expired, and one it cannot check', async () => {
    const fresh = await pendingOrder();
    const waiting = await pendingOrder();
    await ageOrder(ctx.db, waiting.checkout.dbOrderId, 10, 30);
    const unreachable = await pendingOrder();
    await ageOrder(ctx.db, unreachable.checkout.dbOrderId, 45, 30);
    const before = await Promise.all([fresh, waiting].map((o) => orderState(ctx.db, o.checkout.dbOrderId)));

    // A gateway that cannot be reached: an order we cannot check might have been paid, so it is not expired.
    const down = createRazorpayGateway({ keyId: 'rzp_test_x', keySecret: 'secret', baseUrl: await refusedUrl() });
    const blind = createServices({ config: ctx.config, db: ctx.db, paymentGateway: down, logger }).paymentReconciler;
    const summary = await blind.runOnce();
    expect(summary.errors).toBeGreaterThanOrEqual(2);
    expect(summary.expired).toBe(0);
    expect(await orderState(ctx.db, unreachable.checkout.dbOrderId)).toMatchObject({ status: 'PENDING', stock: [1] });

    await reconciler().runOnce();
    expect(await Promise.all([fresh, waiting].map((o) => orderState(ctx.db, o.checkout.dbOrderId)))).toEqual(before);
    // With the gateway back, the 45-minute-old unpaid order expires.
    expect(await orderState(ctx.db, unreachable.checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', stock: [3] });
  });

  it('waits while a payment is in progress at the gateway (a UPI collect), past the expiry but not past the grace', async () => {
    const { shopper, checkout, productId } = await pendingOrder();
    await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'pending');
    // 31 minutes old: expired 1 minute ago, within the 15-minute grace for a payment still in progress.
    await ageOrder(ctx.db, checkout.dbOrderId, 31, 30);
    expect(await reconciler().runOnce()).toMatchObject({ expired: 0 });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'PENDING', stock: [1] });

    await ageOrder(ctx.db, checkout.dbOrderId, 46, 30);
    await reconciler().runOnce();
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', stock: [3] });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: productId } })).toMatchObject({ stockQuantity: 3 });
  });

  it('captures an authorized payment it finds, then places the order', async () => {
    const { shopper, checkout } = await pendingOrder();
    const authorized = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'authorized');
    await ageOrder(ctx.db, checkout.dbOrderId, 6, 30);
    await reconciler().runOnce();
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'ORDER_PLACED', isPaid: true, payments: [{ status: 'CAPTURED', gatewayPaymentId: authorized.razorpay_payment_id }] });
    expect(await ctx.services.paymentGateway.fetchPayment(authorized.razorpay_payment_id)).toMatchObject({ status: 'captured' });
  });

  it('never cancels a paid order, even when asked to expire it', async () => {
    const { shopper, checkout } = await pendingOrder();
    await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    await ageOrder(ctx.db, checkout.dbOrderId, 40, 30);
    await reconciler().runOnce();
    const paid = await orderState(ctx.db, checkout.dbOrderId);
    expect(paid).toMatchObject({ status: 'ORDER_PLACED', isPaid: true });
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 30)).toBe('not_pending');
    expect(await orderState(ctx.db, checkout.dbOrderId)).toEqual(paid);
  });

  it('runs by itself in the worker role as a BullMQ job scheduler', async () => {
    const stopWorkers = await startTestWorkers(ctx);
    try {
      const { checkout } = await pendingOrder();
      await ageOrder(ctx.db, checkout.dbOrderId, 31, 30);
      await waitFor(async () => (await orderState(ctx.db, checkout.dbOrderId)).status === 'CANCELLED', 'the scheduled reconciler to expire the order');

      const queue = new Queue(RECONCILE_QUEUE, { connection: ctx.redis, prefix: ctx.prefix });
      try {
        expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: RECONCILE_SCHEDULER_ID, every: 1000 })]);
      } finally {
        await queue.close();
      }
    } finally {
      await stopWorkers();
    }
  });
});
