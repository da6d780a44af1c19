import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { openSocket, startLiveStack } from '../../helpers/live-helpers';
import { ageOrder, createOnlineOrder, decidedAttempts, payInTestCheckout, postCancel, postCreate, postVerify, shopperOrder, waitFor } from '../../helpers/payment-flows';

/**
 * Refunds with the simulated gateway and its webhooks: recorded before they are asked for, asked for once even when
 * retried, followed to processed or failed, and shown live on the order.
 */
describe('refunds', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    ctx = await buildTestContext();
    ({ baseUrl, stop: stopWorkers } = await startLiveStack(ctx));
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  async function paidOrder(refund?: 'processed' | 'failed') {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 5_000, stockQuantity: 4 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success', refund);
    await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
    await waitFor(async () => (await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId } })).isPaid, 'the order to be paid');
    return { shopper, checkout, paid, product };
  }

  it('a refund the bank refuses ends failed (refund.failed), shown to the shopper; the payment stays captured', async () => {
    const { shopper, checkout, paid } = await paidOrder('failed');
    const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
    expect((await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId)).json().order.refund).toEqual({ status: 'pending', amount: 52 });
    const failed = await ws.next((m) => m.type === 'order.updated' && m.order._id === checkout.dbOrderId && m.order.refund?.status === 'failed');
    expect(failed).toMatchObject({ order: { status: 'Cancelled', refund: { status: 'failed', amount: 52 } } });
    expect(await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } })).toMatchObject({ status: 'FAILED', gatewayRefundId: expect.stringMatching(/^rfnd_/) });
    expect(await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } })).toMatchObject({ status: 'CAPTURED', gatewayPaymentId: paid.razorpay_payment_id });
    expect(await ctx.db.webhookEvent.count({ where: { type: 'refund.failed', processedAt: { not: null } } })).toBeGreaterThanOrEqual(1);
    ws.close();
  });

  it('a second payment on an order already paid is refunded; the order stays paid and placed', async () => {
    const { shopper, checkout } = await paidOrder();
    // A second tab completes another payment on the same gateway order.
    const second = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    const outcomes = (await decidedAttempts(ctx.db, second.razorpay_payment_id)).map((a) => a.outcome);
    expect(outcomes[0]).toMatch(/^(refunding_second_payment|already_refunding)$/);
    await waitFor(() => ctx.db.refund.findFirst({ where: { gatewayPaymentId: second.razorpay_payment_id, status: 'PROCESSED' } }), 'the second payment to be refunded');
    expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ status: 'Order Placed', isPaid: true, refund: { status: 'processed', amount: 52 } });
    expect(await ctx.db.refund.count({ where: { orderId: checkout.dbOrderId } })).toBe(1);
    // The first payment is the order's, untouched.
    expect(await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } })).toMatchObject({ status: 'CAPTURED' });
  });

  describe('a UPI collect approved after the order expired', () => {
    async function expiredWithPendingPayment() {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { offerPricePaise: 5_000, stockQuantity: 1 });
      const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
      const pending = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'pending');
      // Past the 15-minute expiry and the 15-minute grace: the reconciler gives up on the payment and frees the stock.
      await ageOrder(ctx.db, checkout.dbOrderId, 31);
      const reconciler = ctx.services.paymentReconciler;
      expect(await reconciler.runOnce()).toMatchObject({ expired: 1 });
      return { shopper, product, checkout, paymentId: pending.razorpay_payment_id };
    }

    it('restores the order when its stock is still there, live on the shopper’s page', async () => {
      const { shopper, checkout, paymentId, product } = await expiredWithPendingPayment();
      const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/simulated/complete', headers: { cookie: shopper.cookie }, payload: { gatewayPaymentId: paymentId, outcome: 'success' } });
      expect(res.json()).toEqual({ success: true, status: 'captured' });
      const restored = await ws.next((m) => m.type === 'order.updated' && m.order._id === checkout.dbOrderId && m.order.status === 'Order Placed');
      expect(restored).toMatchObject({ order: { isPaid: true, refund: null } });
      expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0, inStock: false });
      ws.close();
    });

    it('refunds it when the stock has gone to someone else, live on the shopper’s page', async () => {
      const { shopper, checkout, paymentId, product } = await expiredWithPendingPayment();
      const other = await shopperWithAddress(ctx.app);
      expect((await postCreate(ctx.app, other.cookie, { items: [{ product: product.id, quantity: 1 }], address: other.address._id })).statusCode).toBe(201);
      const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
      await ctx.app.inject({ method: 'POST', url: '/api/payments/simulated/complete', headers: { cookie: shopper.cookie }, payload: { gatewayPaymentId: paymentId, outcome: 'success' } });
      const refunded = await ws.next((m) => m.type === 'order.updated' && m.order._id === checkout.dbOrderId && m.order.refund?.status === 'processed');
      expect(refunded).toMatchObject({ order: { status: 'Cancelled', isPaid: false, refund: { status: 'processed', amount: 52 } } });
      ws.close();
    });

    it('answers 404 for someone else’s payment', async () => {
      const { paymentId } = await expiredWithPendingPayment();
      const stranger = await shopperWithAddress(ctx.app);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/simulated/complete', headers: { cookie: stranger.cookie }, payload: { gatewayPaymentId: paymentId, outcome: 'success' } });
      expect(res.statusCode).toBe(404);
      expect(await ctx.services.paymentGateway.fetchPayment(paymentId)).toMatchObject({ status: 'created' });
    });
  });
});
