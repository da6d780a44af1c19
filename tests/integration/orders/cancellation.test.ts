import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, registerUser, shopperWithAddress } from '../../helpers/factories';
import { openSocket, startLiveStack } from '../../helpers/live-helpers';
import { createOnlineOrder, payInTestCheckout, postCancel, postVerify, shopperOrder, waitFor } from '../../helpers/payment-flows';
import { loginSeller, operatorStoreId } from '../../helpers/seller-factories';

/**
 * Cancelling an order: the shopper (POST /api/order/:id/cancel) while it is Pending or Order Placed, the store
 * (PUT /api/order/status with "Cancelled" and a reason). Stock comes back exactly once, a paid online order is refunded,
 * history says who and why, and both the shopper's page and the seller board hear it live.
 */
describe('order cancellation', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;
  let sellerCookie: string;
  // The signed-in store moves only its own orders: the products here are the operator's store's.
  let storeId: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    ({ baseUrl, stop: stopWorkers } = await startLiveStack(ctx));
    sellerCookie = await loginSeller(ctx);
    storeId = await operatorStoreId(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  const stockOf = async (id: string) => (await ctx.db.product.findUniqueOrThrow({ where: { id } })).stockQuantity;
  const sellerUpdate = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: sellerCookie }, payload });

  async function codOrder(stockQuantity: number | null = 5, quantity = 2) {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity, sellerId: storeId });
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity }], address: shopper.address._id });
    return { shopper, product, order };
  }

  describe('what a cancel gives back', () => {
    const startCounting = (id: string, stockQuantity: number) => ctx.db.product.update({ where: { id }, data: { stockQuantity } });

    it('a line placed while its product did not count stock gives nothing back once the store starts counting', async () => {
      const { shopper, product, order } = await codOrder(null, 5);
      expect(await stockOf(product.id)).toBeNull();
      await startCounting(product.id, 10);
      expect((await postCancel(ctx.app, shopper.cookie, order._id)).statusCode).toBe(200);
      expect(await stockOf(product.id)).toBe(10);
    });

    it('an order restored by a late payment holds what it took again, and a later cancel gives exactly that back', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { sellerId: storeId });
      const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id });
      const checkoutId = (await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId } })).checkoutId;
      expect(await ctx.services.paymentSettlement.expire(checkoutId, 15)).toBe('expired');
      await startCounting(product.id, 10);

      const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
      await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
      await waitFor(async () => (await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId } })).isPaid, 'the order to be restored');
      expect(await stockOf(product.id)).toBe(8);

      expect((await sellerUpdate({ orderId: checkout.dbOrderId, status: 'Cancelled', reason: 'Out of stock' })).statusCode).toBe(200);
      expect(await stockOf(product.id)).toBe(10);
    });
  });

  describe('POST /api/order/:id/cancel', () => {
    it('cancels the shopper’s own COD order with a reason: stock back once, history says who and why, live to both sides', async () => {
      const { shopper, product, order } = await codOrder(5, 2);
      expect(await stockOf(product.id)).toBe(3);
      const shopperWs = await openSocket(baseUrl, { cookie: shopper.cookie });
      const sellerWs = await openSocket(baseUrl, { cookie: sellerCookie });

      const res = await postCancel(ctx.app, shopper.cookie, order._id, { reason: 'Ordered by mistake' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Order cancelled',
        order: { _id: order._id, status: 'Cancelled', refund: null, expiresAt: null, history: [{ to: 'Order Placed' }, { from: 'Order Placed', to: 'Cancelled', actor: 'user', note: 'Cancelled by the shopper: Ordered by mistake' }] },
      });
      expect(await stockOf(product.id)).toBe(5);
      const history = await ctx.db.orderHistory.findMany({ where: { orderId: order._id }, orderBy: { at: 'asc' } });
      expect(history.at(-1)).toMatchObject({ actorType: 'USER', actorId: shopper.user._id });

      for (const ws of [shopperWs, sellerWs]) {
        const live = await ws.next((m) => m.type === 'order.updated' && m.order._id === order._id && m.order.status === 'Cancelled');
        expect(live).toMatchObject({ order: { version: 2 } });
        ws.close();
      }

      // Cancelled is final: again → 409, and the stock is not given back a second time.
      const again = await postCancel(ctx.app, shopper.cookie, order._id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is already cancelled');
      expect(await stockOf(product.id)).toBe(5);
    });

    it('cancels a Pending online order without a body, releasing its reservation', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 1, sellerId: storeId });
      const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
      expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0, inStock: false });

      const res = await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order).toMatchObject({ status: 'Cancelled', expiresAt: null, refund: null });
      expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 1, inStock: true });
    });

    it('cancels a paid online order and refunds it through the gateway; the refund shows on the order, live', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { offerPricePaise: 10_000, stockQuantity: 3, sellerId: storeId });
      const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
      const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
      await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
      await waitFor(async () => (await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId } })).isPaid, 'the order to be paid');
      const ws = await openSocket(baseUrl, { cookie: shopper.cookie });

      const res = await postCancel(ctx.app, shopper.cookie, checkout.dbOrderId, { reason: 'Found it cheaper' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Order cancelled; your payment is being refunded', order: { status: 'Cancelled', isPaid: true, refund: { status: 'pending', amount: 102 } } });
      expect(await stockOf(product.id)).toBe(3);

      // The worker asks the gateway; its refund.processed webhook settles it; the shopper's page follows live.
      const processed = await ws.next((m) => m.type === 'order.updated' && m.order._id === checkout.dbOrderId && m.order.refund?.status === 'processed');
      expect(processed).toMatchObject({ order: { status: 'Cancelled', refund: { status: 'processed', amount: 102 } } });
      expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ refund: { status: 'processed', amount: 102 } });
      const refund = await ctx.db.refund.findFirstOrThrow({ where: { orderId: checkout.dbOrderId } });
      expect(refund).toMatchObject({ gatewayPaymentId: paid.razorpay_payment_id, amountPaise: 10_200, status: 'PROCESSED', gatewayRefundId: expect.stringMatching(/^rfnd_/) });
      expect(await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } })).toMatchObject({ status: 'REFUNDED' });
      expect(await ctx.services.paymentGateway.fetchRefunds(paid.razorpay_payment_id)).toHaveLength(1);
      ws.close();
    });

    it('refuses once the order is on its way (409), changing nothing', async () => {
      const { shopper, product, order } = await codOrder();
      expect((await sellerUpdate({ orderId: order._id, status: 'On The Way' })).statusCode).toBe(200);
      const res = await postCancel(ctx.app, shopper.cookie, order._id, { reason: 'Too slow' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'too_late_to_cancel', message: 'This order is On The Way and can no longer be cancelled' });
      expect(await stockOf(product.id)).toBe(3);
      expect((await ctx.db.order.findUniqueOrThrow({ where: { id: order._id } })).status).toBe('ON_THE_WAY');
    });

    it('401 without a session, 404 for someone else’s order, 400 for a bad id or reason', async () => {
      const { order, product } = await codOrder();
      const stranger = await registerUser(ctx.app);
      expect((await postCancel(ctx.app, undefined, order._id)).statusCode).toBe(401);
      const foreign = await postCancel(ctx.app, stranger.cookie, order._id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Order not found');
      expect((await postCancel(ctx.app, stranger.cookie, 'OD2611221A2B3C')).statusCode).toBe(400);
      const long = await postCancel(ctx.app, stranger.cookie, order._id, { reason: 'x'.repeat(201) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toMatch(/Reason is too long/);
      expect((await postCancel(ctx.app, stranger.cookie, order._id, { reason: 'x', refund: true })).statusCode).toBe(400);
      expect(await stockOf(product.id)).toBe(3);
      expect((await ctx.db.order.findUniqueOrThrow({ where: { id: order._id } })).status).toBe('ORDER_PLACED');
    });
  });

  describe('PUT /api/order/status with "Cancelled"', () => {
    it('the store cancels with a reason: stock back, history with the seller and the reason, live to the shopper', async () => {
      const { shopper, product, order } = await codOrder();
      const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
      const res = await sellerUpdate({ orderId: order._id, status: 'Cancelled', reason: 'Out of delivery area' });
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ status: 'Cancelled', history: [{}, { from: 'Order Placed', to: 'Cancelled', actor: 'seller', note: 'Cancelled by the store: Out of delivery area' }] });
      expect(await stockOf(product.id)).toBe(5);
      await ws.next((m) => m.type === 'order.updated' && m.order._id === order._id && m.order.status === 'Cancelled');
      ws.close();

      const again = await sellerUpdate({ orderId: order._id, status: 'Cancelled', reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(await stockOf(product.id)).toBe(5);
    });

    it('cannot cancel a delivered order (409)', async () => {
      const { order, product } = await codOrder();
      await sellerUpdate({ orderId: order._id, status: 'Delivered' });
      const res = await sellerUpdate({ orderId: order._id, status: 'Cancelled', reason: 'Changed my mind' });
      expect(res.statusCode).toBe(409);
      expect(await stockOf(product.id)).toBe(3);
    });

    it('a cash order marked paid is not cancelled by either side until the store marks it unpaid', async () => {
      const { shopper, product, order } = await codOrder();
      expect((await sellerUpdate({ orderId: order._id, isPaid: true })).statusCode).toBe(200);

      const byShopper = await postCancel(ctx.app, shopper.cookie, order._id, { reason: 'Changed my mind' });
      expect(byShopper.statusCode).toBe(409);
      expect(byShopper.json()).toMatchObject({ success: false, code: 'cash_collected', message: expect.stringMatching(/contact the store/) });
      const byStore = await sellerUpdate({ orderId: order._id, status: 'Cancelled', reason: 'Out of stock' });
      expect(byStore.statusCode).toBe(409);
      expect(byStore.json()).toMatchObject({ code: 'cash_collected', message: expect.stringMatching(/mark the order unpaid, then cancel it/) });
      expect(await ctx.db.order.findUniqueOrThrow({ where: { id: order._id } })).toMatchObject({ status: 'ORDER_PLACED', isPaid: true });
      expect(await stockOf(product.id)).toBe(3);

      expect((await sellerUpdate({ orderId: order._id, isPaid: false })).statusCode).toBe(200);
      const cancelled = await sellerUpdate({ orderId: order._id, status: 'Cancelled', reason: 'Out of stock' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().order).toMatchObject({ status: 'Cancelled', isPaid: false });
      expect(await stockOf(product.id)).toBe(5);
    });

    it('a shopper and the store cancelling at the same moment release the stock exactly once', async () => {
      const { shopper, product, order } = await codOrder(4, 3);
      const [mine, theirs] = await Promise.all([
        postCancel(ctx.app, shopper.cookie, order._id, { reason: 'Mine' }),
        sellerUpdate({ orderId: order._id, status: 'Cancelled', reason: 'Theirs' }),
      ]);
      expect([mine.statusCode, theirs.statusCode].sort()).toEqual([200, 409]);
      expect(await stockOf(product.id)).toBe(4);
      expect(await ctx.db.orderHistory.count({ where: { orderId: order._id, toStatus: 'CANCELLED' } })).toBe(1);
    });
  });
});
