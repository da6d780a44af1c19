import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, createStore, shopperWithAddress } from '../../helpers/factories';
import { startTestWorkers } from '../../helpers/live-helpers';
import {
  ageOrder,
  checkoutOf,
  createOnlineOrder,
  decidedAttempts,
  orderState,
  payInTestCheckout,
  postCancel,
  postPayAgain,
  postVerify,
  shopperOrder,
  waitFor,
} from '../../helpers/payment-flows';
import { loginSeller } from '../../helpers/seller-factories';

/**
 * A store the operator suspends while a shopper's online checkout waits for its payment takes no new money: "Pay now"
 * is refused, a payment already under way is refunded for that store's order (which is cancelled, its stock back), and
 * a payment captured after the checkout expired is refunded instead of bringing the order back.
 */
describe('online payment for a suspended store', () => {
  let ctx: TestContext;
  let operator: string;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    ctx = await buildTestContext();
    operator = await loginSeller(ctx);
    stopWorkers = await startTestWorkers(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  const suspend = async (sellerId: string) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sellers/${sellerId}/status`,
      headers: { cookie: operator },
      payload: { status: 'suspended', reason: 'Expired stock was delivered' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const stockOf = async (id: string) => (await ctx.db.product.findUniqueOrThrow({ where: { id } })).stockQuantity;

  /** A Pending online checkout over two stores: Green Basket's spinach (₹50) and Daily Dairy's milk (₹30). */
  async function twoStoreCheckout() {
    const shopper = await shopperWithAddress(ctx.app);
    const green = await createStore(ctx.db, { storeName: 'Green Basket' });
    const dairy = await createStore(ctx.db, { storeName: 'Daily Dairy' });
    const spinach = await createProduct(ctx.db, { sellerId: green.id, name: 'Spinach', offerPricePaise: 5_000, stockQuantity: 5 });
    const milk = await createProduct(ctx.db, { sellerId: dairy.id, name: 'Milk', offerPricePaise: 3_000, stockQuantity: 5 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, {
      items: [{ product: spinach.id, quantity: 2 }, { product: milk.id, quantity: 1 }],
      address: shopper.address._id,
    });
    const orders = await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)));
    const greenOrder = orders.find((o) => o.seller.id === green.id)!;
    const dairyOrder = orders.find((o) => o.seller.id === dairy.id)!;
    return { shopper, checkout, green, dairy, spinach, milk, greenOrder, dairyOrder };
  }

  it('"Pay now" is refused with 409 for every order of the checkout, and nothing about them changes', async () => {
    const { shopper, checkout, dairy, spinach, milk, greenOrder, dairyOrder } = await twoStoreCheckout();
    await suspend(dairy.id);
    const before = await Promise.all(checkout.orderIds.map((id) => orderState(ctx.db, id)));
    const paymentsBefore = await ctx.db.payment.findMany({ where: { checkoutId: await checkoutOf(ctx.db, checkout.dbOrderId) } });

    // The approved store's order too: the one gateway order would charge for the whole checkout.
    for (const orderId of [greenOrder._id, dairyOrder._id]) {
      const payNow = await postPayAgain(ctx.app, shopper.cookie, orderId);
      expect(payNow.statusCode).toBe(409);
      expect(payNow.json()).toMatchObject({
        success: false,
        code: 'store_not_selling',
        message:
          'Daily Dairy is not selling on FreshCart at the moment, so this order cannot be paid; nothing was charged. Cancel it, or leave it to be cancelled by itself when its time to pay runs out. Your cart still has the items.',
      });
    }

    expect(await Promise.all(checkout.orderIds.map((id) => orderState(ctx.db, id)))).toEqual(before);
    expect(before.map((o) => [o.status, o.isPaid])).toEqual([['PENDING', false], ['PENDING', false]]);
    expect(await ctx.db.payment.findMany({ where: { checkoutId: await checkoutOf(ctx.db, checkout.dbOrderId) } })).toEqual(paymentsBefore);
    expect(paymentsBefore).toEqual([expect.objectContaining({ status: 'CREATED', gatewayPaymentId: null })]);
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([3, 4]);

    // What the message offers works: the shopper's cancellation ends the checkout and gives every unit back.
    expect((await postCancel(ctx.app, shopper.cookie, greenOrder._id)).statusCode).toBe(200);
    expect((await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)))).map((o) => o.status)).toEqual(['Cancelled', 'Cancelled']);
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([5, 5]);
  });

  it('a payment captured after the checkout expired is refunded whole; the order stays Cancelled and takes no stock', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const dairy = await createStore(ctx.db, { storeName: 'Daily Dairy' });
    const milk = await createProduct(ctx.db, { sellerId: dairy.id, name: 'Milk', offerPricePaise: 3_000, stockQuantity: 5 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: milk.id, quantity: 2 }], address: shopper.address._id });
    await ageOrder(ctx.db, checkout.dbOrderId, 30);
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    await suspend(dairy.id);

    // The shopper's bank completes the payment anyway, within the hour in which a late capture would restore the order.
    const late = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    await postVerify(ctx.app, shopper.cookie, { ...late, orderId: checkout.dbOrderId });
    expect((await decidedAttempts(ctx.db, late.razorpay_payment_id))[0]!.outcome).toBe('refunding_late_capture');
    const refund = await waitFor(() => ctx.db.refund.findFirst({ where: { gatewayPaymentId: late.razorpay_payment_id, status: 'PROCESSED' } }), 'the late payment to be refunded');
    // ₹30 × 2 + ₹2 fee.
    expect(refund).toMatchObject({ orderId: checkout.dbOrderId, amountPaise: 6_200, reason: 'Paid after the order was cancelled' });

    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [5] });
    expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ status: 'Cancelled', isPaid: false, refund: { status: 'processed', amount: 62 } });
    const history = await ctx.db.orderHistory.findMany({ where: { orderId: checkout.dbOrderId }, orderBy: { at: 'asc' } });
    expect(history.map((h) => h.toStatus)).toEqual(['PENDING', 'CANCELLED']);
  });

  it('a late capture over two stores restores the approved store’s order and refunds the suspended store’s part', async () => {
    const { shopper, checkout, dairy, spinach, milk, greenOrder, dairyOrder } = await twoStoreCheckout();
    await ageOrder(ctx.db, checkout.dbOrderId, 30);
    expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
    await suspend(dairy.id);

    const late = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    await postVerify(ctx.app, shopper.cookie, { ...late, orderId: checkout.dbOrderId });
    await waitFor(() => ctx.db.refund.findFirst({ where: { gatewayPaymentId: late.razorpay_payment_id, status: 'PROCESSED' } }), 'the dairy part to be refunded');

    expect(await shopperOrder(ctx.app, shopper.cookie, greenOrder._id)).toMatchObject({ status: 'Order Placed', isPaid: true, refund: null });
    expect(await shopperOrder(ctx.app, shopper.cookie, dairyOrder._id)).toMatchObject({ status: 'Cancelled', isPaid: false, refund: { status: 'processed', amount: 30 } });
    expect(await ctx.db.refund.count({ where: { gatewayPaymentId: late.razorpay_payment_id } })).toBe(1);
    // Spinach is taken again for the restored order; the milk stays with the store, untouched.
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([3, 5]);
  });

  it('a payment already under way when the store was suspended is refunded whole, once; the order is cancelled and its stock goes back', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const dairy = await createStore(ctx.db, { storeName: 'Daily Dairy' });
    const milk = await createProduct(ctx.db, { sellerId: dairy.id, name: 'Milk', offerPricePaise: 3_000, stockQuantity: 5 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: milk.id, quantity: 2 }], address: shopper.address._id });
    // The shopper is in the payment window when the operator suspends the store.
    await suspend(dairy.id);
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
    expect((await decidedAttempts(ctx.db, paid.razorpay_payment_id))[0]!.outcome).toBe('refunding_store_not_selling');
    const refund = await waitFor(() => ctx.db.refund.findFirst({ where: { gatewayPaymentId: paid.razorpay_payment_id, status: 'PROCESSED' } }), 'the payment to be refunded');
    // ₹30 × 2 + ₹2 fee.
    expect(refund).toMatchObject({ orderId: checkout.dbOrderId, amountPaise: 6_200, reason: 'The store stopped selling before the payment came' });
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [5] });
    expect(await shopperOrder(ctx.app, shopper.cookie, checkout.dbOrderId)).toMatchObject({ status: 'Cancelled', isPaid: false, refund: { status: 'processed', amount: 62 } });

    // The same payment's news again (the callback replayed, as a webhook would bring it): nothing more is refunded.
    await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
    await decidedAttempts(ctx.db, paid.razorpay_payment_id, 2);
    expect(await ctx.db.refund.count({ where: { gatewayPaymentId: paid.razorpay_payment_id } })).toBe(1);
    expect(await orderState(ctx.db, checkout.dbOrderId)).toMatchObject({ status: 'CANCELLED', isPaid: false, stock: [5] });
  });

  it('a payment under way over two stores places the approved store’s order and refunds the suspended store’s part', async () => {
    const { shopper, checkout, dairy, spinach, milk, greenOrder, dairyOrder } = await twoStoreCheckout();
    await suspend(dairy.id);
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
    expect((await decidedAttempts(ctx.db, paid.razorpay_payment_id))[0]!.outcome).toBe('paid');
    await waitFor(() => ctx.db.refund.findFirst({ where: { gatewayPaymentId: paid.razorpay_payment_id, status: 'PROCESSED' } }), 'the dairy part to be refunded');

    expect(await shopperOrder(ctx.app, shopper.cookie, greenOrder._id)).toMatchObject({ status: 'Order Placed', isPaid: true, refund: null });
    expect(await shopperOrder(ctx.app, shopper.cookie, dairyOrder._id)).toMatchObject({ status: 'Cancelled', isPaid: false, refund: { status: 'processed', amount: 30 } });
    expect(await ctx.db.refund.count({ where: { gatewayPaymentId: paid.razorpay_payment_id } })).toBe(1);
    // The spinach stays ordered; the milk goes back to the store's shelf.
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([3, 5]);
  });
});
