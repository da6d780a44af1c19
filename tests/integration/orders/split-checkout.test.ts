import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/orders';
import type { RazorpayCreateReply } from '../../../core/contracts/http/payments';
import { OrderStatus } from '../../../core/domain/order-status';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, createStore, postCodOrder, shopperWithAddress } from '../../helpers/factories';
import { openSocket, sellerWithSession, startLiveStack } from '../../helpers/live-helpers';
import { ageOrder, checkoutOf, createOnlineOrder, payInTestCheckout, postCancel, postCreate, postVerify, shopperOrder, waitFor } from '../../helpers/payment-flows';

/**
 * A cart with several stores' products: one order per store, placed all or none under one checkout id, the ₹2 fee
 * charged once (on the first order), one gateway order for the whole checkout, and refunds of one store's part only.
 */
describe('a checkout spanning stores', () => {
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

  const stockOf = async (id: string) => (await ctx.db.product.findUniqueOrThrow({ where: { id } })).stockQuantity;

  /** Two approved stores with a counted product each: Green Basket sells at ₹50, Daily Dairy at ₹30. */
  async function twoStores(stock = { green: 5, dairy: 5 }) {
    const green = await createStore(ctx.db, { storeName: 'Green Basket' });
    const dairy = await createStore(ctx.db, { storeName: 'Daily Dairy' });
    const spinach = await createProduct(ctx.db, { sellerId: green.id, name: 'Spinach', offerPricePaise: 5_000, stockQuantity: stock.green });
    const milk = await createProduct(ctx.db, { sellerId: dairy.id, name: 'Milk', offerPricePaise: 3_000, stockQuantity: stock.dairy });
    return { green, dairy, spinach, milk };
  }

  it('places one order per store under one checkout id, the fee once, and clears the cart', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const { green, dairy, spinach, milk } = await twoStores();
    await ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie }, payload: { cartItems: { [spinach.id]: 2, [milk.id]: 1 } } });

    const items = [{ product: spinach.id, quantity: 2 }, { product: milk.id, quantity: 1 }];
    const res = await postCodOrder(ctx.app, shopper.cookie, { items, address: shopper.address._id, idempotencyKey: 'split-checkout-0001' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { checkoutId: string; order: OrderDto; orders: OrderDto[] };
    expect(body.checkoutId).toMatch(/^CK\d{6}[0-9A-Z]{6}$/);
    expect(body.orders).toHaveLength(2);
    expect(body.order).toEqual(body.orders[0]);
    // The cart's first store comes first and carries the fee: ₹100 + ₹2, then ₹30.
    expect(body.orders.map((o) => ({ store: o.seller, amount: o.amount, fee: o.fee, checkoutId: o.checkoutId, items: o.items.map((i) => i.product._id) }))).toEqual([
      { store: { id: green.id, storeName: 'Green Basket' }, amount: 102, fee: 2, checkoutId: body.checkoutId, items: [spinach.id] },
      { store: { id: dairy.id, storeName: 'Daily Dairy' }, amount: 30, fee: 0, checkoutId: body.checkoutId, items: [milk.id] },
    ]);
    expect(new Set(body.orders.map((o) => o.orderId)).size).toBe(2);
    expect(await ctx.db.checkout.findFirstOrThrow({ where: { checkoutId: body.checkoutId } })).toMatchObject({ amountPaise: 13_200, feePaise: 200, paymentType: 'COD' });
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([3, 4]);
    expect(await ctx.db.cartItem.count({ where: { userId: shopper.user._id } })).toBe(0);

    // My Orders shows both; a double submit answers the same checkout and writes nothing more.
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } })).json().orders as OrderDto[];
    expect(mine.map((o) => o.checkoutId)).toEqual([body.checkoutId, body.checkoutId]);
    const again = await postCodOrder(ctx.app, shopper.cookie, { items, address: shopper.address._id, idempotencyKey: 'split-checkout-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ checkoutId: body.checkoutId, orders: body.orders.map((o) => ({ _id: o._id })) });
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(2);
  });

  it('is all or none: one store running out fails the whole checkout and takes no one’s stock', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const { spinach, milk } = await twoStores({ green: 5, dairy: 1 });
    const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: spinach.id, quantity: 2 }, { product: milk.id, quantity: 2 }], address: shopper.address._id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'out_of_stock', message: 'Out of stock: Milk' });
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([5, 1]);
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    expect(await ctx.db.checkout.count({ where: { userId: shopper.user._id } })).toBe(0);
  });

  it('racing for one store’s last unit, exactly one whole checkout wins; the loser writes nothing anywhere', async () => {
    const { spinach, milk } = await twoStores({ green: 10, dairy: 1 });
    const shoppers = await Promise.all([shopperWithAddress(ctx.app), shopperWithAddress(ctx.app), shopperWithAddress(ctx.app)]);
    const results = await Promise.all(
      shoppers.map((s) => postCodOrder(ctx.app, s.cookie, { items: [{ product: spinach.id, quantity: 1 }, { product: milk.id, quantity: 1 }], address: s.address._id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    // The winner took one of each; the losers' spinach was never taken.
    expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([9, 0]);
    expect(await ctx.db.order.count({ where: { userId: { in: shoppers.map((s) => s.user._id) } } })).toBe(2);
  });

  it('sells only what approved stores offer: a pending store’s product cannot be bought', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const pending = await createStore(ctx.db, { status: 'PENDING' });
    const hidden = await createProduct(ctx.db, { sellerId: pending.id });
    const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: hidden.id, quantity: 1 }], address: shopper.address._id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_products' });
  });

  describe('paid online', () => {
    async function paidCheckout() {
      const shopper = await shopperWithAddress(ctx.app);
      const stores = await twoStores();
      const checkout = await createOnlineOrder(ctx.app, shopper.cookie, {
        items: [{ product: stores.spinach.id, quantity: 2 }, { product: stores.milk.id, quantity: 1 }],
        address: shopper.address._id,
      });
      return { shopper, checkout, ...stores };
    }

    it('one gateway order covers the checkout; its capture places and pays every store’s order, live', async () => {
      const { shopper, checkout, green, dairy } = await paidCheckout();
      expect(checkout.order.amount).toBe(13_200);
      expect(checkout.orderIds).toHaveLength(2);
      expect(checkout.orderIds).toContain(checkout.dbOrderId);
      expect(await ctx.db.payment.count({ where: { checkoutId: await checkoutOf(ctx.db, checkout.dbOrderId) } })).toBe(1);
      const ws = await openSocket(baseUrl, { cookie: shopper.cookie });

      const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
      expect((await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId })).statusCode).toBe(200);
      for (const orderId of checkout.orderIds) {
        await ws.next((m) => m.type === 'order.updated' && m.order._id === orderId && m.order.isPaid && m.order.status === 'Order Placed');
      }
      const orders = await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)));
      expect(orders.map((o) => [o.seller.id, o.status, o.isPaid]).sort()).toEqual([[green.id, 'Order Placed', true], [dairy.id, 'Order Placed', true]].sort());
      ws.close();
    });

    it('cancelling one store’s order before the payment cancels every order waiting for it, so no payment covers a cancelled order', async () => {
      const { shopper, checkout, dairy, spinach, milk } = await paidCheckout();
      const dairyOrder = (await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)))).find((o) => o.seller.id === dairy.id)!;

      const res = await postCancel(ctx.app, shopper.cookie, dairyOrder._id);
      expect(res.statusCode, res.body).toBe(200);
      const orders = await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)));
      expect(orders.map((o) => o.status)).toEqual(['Cancelled', 'Cancelled']);
      // Every unit comes back, and "Pay now" has nothing left to charge for.
      const stock = await ctx.db.product.findMany({ where: { id: { in: [spinach.id, milk.id] } }, select: { stockQuantity: true } });
      expect(stock.map((p) => p.stockQuantity)).toEqual([5, 5]);
      const other = orders.find((o) => o._id !== dairyOrder._id)!;
      const payNow = await ctx.app.inject({ method: 'POST', url: `/api/order/${other._id}/pay`, headers: { cookie: shopper.cookie } });
      expect(payNow.statusCode).toBe(409);
      expect(payNow.json()).toMatchObject({ code: 'order_not_pending' });
    });

    it('a store’s cancellation of its unpaid order leaves "Pay now" refusing to charge for the whole checkout', async () => {
      const { shopper, checkout, dairy } = await paidCheckout();
      const orders = await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)));
      const dairyOrder = orders.find((o) => o.seller.id === dairy.id)!;
      const other = orders.find((o) => o._id !== dairyOrder._id)!;
      await ctx.services.sellerOrders.updateStatus({ orderId: dairyOrder._id, status: OrderStatus.Cancelled, reason: 'Milk delivery did not come' }, dairy.id);

      const payNow = await ctx.app.inject({ method: 'POST', url: `/api/order/${other._id}/pay`, headers: { cookie: shopper.cookie } });
      expect(payNow.statusCode).toBe(409);
      expect(payNow.json()).toMatchObject({ code: 'checkout_part_cancelled' });
      // The shopper's own cancellation then ends the rest, stock back.
      expect((await postCancel(ctx.app, shopper.cookie, other._id)).statusCode).toBe(200);
      expect((await shopperOrder(ctx.app, shopper.cookie, other._id)).status).toBe('Cancelled');
    });

    it('the create sent again with its Idempotency-Key reopens Checkout only as "Pay now" would', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const { dairy, spinach, milk } = await twoStores();
      const body = { items: [{ product: spinach.id, quantity: 2 }, { product: milk.id, quantity: 1 }], address: shopper.address._id };
      const key = { 'idempotency-key': 'checkout-key-reopen-1' };
      const first = await postCreate(ctx.app, shopper.cookie, body, key);
      expect(first.statusCode, first.body).toBe(201);
      const checkout = first.json<RazorpayCreateReply>();
      // While every order waits, the same key brings the same Checkout back (a reply lost on its way).
      const again = await postCreate(ctx.app, shopper.cookie, body, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ order: { id: checkout.order.id, amount: 13_200 } });

      // Once a store cancelled its part, it would charge for that part too.
      const dairyOrder = (await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)))).find((o) => o.seller.id === dairy.id)!;
      await ctx.services.sellerOrders.updateStatus({ orderId: dairyOrder._id, status: OrderStatus.Cancelled, reason: 'Milk delivery did not come' }, dairy.id);
      const afterCancel = await postCreate(ctx.app, shopper.cookie, body, key);
      expect(afterCancel.statusCode).toBe(409);
      expect(afterCancel.json()).toMatchObject({ code: 'checkout_part_cancelled' });
    });

    it('the create sent again with its Idempotency-Key after the time to pay is over says so, as "Pay now" does', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const { spinach } = await twoStores();
      const body = { items: [{ product: spinach.id, quantity: 1 }], address: shopper.address._id };
      const key = { 'idempotency-key': 'checkout-key-reopen-2' };
      const first = await postCreate(ctx.app, shopper.cookie, body, key);
      expect(first.statusCode, first.body).toBe(201);
      const { dbOrderId } = first.json<RazorpayCreateReply>();
      // Placed 15 minutes ago with 15 to pay: the reconciler has not cancelled it yet, but no Checkout fits any more.
      await ageOrder(ctx.db, dbOrderId, 15, 15);
      for (const res of [await postCreate(ctx.app, shopper.cookie, body, key), await ctx.app.inject({ method: 'POST', url: `/api/order/${dbOrderId}/pay`, headers: { cookie: shopper.cookie } })]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'payment_window_closed' });
      }
    });

    it('cancelling one store’s order refunds its part only; the other stays paid; both parts back make the payment refunded', async () => {
      const { shopper, checkout, dairy } = await paidCheckout();
      const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
      await postVerify(ctx.app, shopper.cookie, { ...paid, orderId: checkout.dbOrderId });
      await waitFor(async () => (await ctx.db.order.count({ where: { id: { in: checkout.orderIds }, isPaid: true } })) === 2, 'both orders to be paid');
      const [first, second] = await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)));
      const dairyOrder = [first!, second!].find((o) => o.seller.id === dairy.id)!;
      const greenOrder = [first!, second!].find((o) => o.seller.id !== dairy.id)!;

      // The dairy store cancels its own order: ₹30 goes back, the green order (₹102 with the fee) is untouched.
      const store = await sellerWithSession(ctx, dairy.id);
      const cancel = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: store.cookie }, payload: { orderId: dairyOrder._id, status: 'Cancelled', reason: 'Milk went sour' } });
      expect(cancel.statusCode).toBe(200);
      await waitFor(() => ctx.db.refund.findFirst({ where: { orderId: dairyOrder._id, status: 'PROCESSED' } }), 'the dairy part to be refunded');
      expect(await shopperOrder(ctx.app, shopper.cookie, dairyOrder._id)).toMatchObject({ status: 'Cancelled', refund: { status: 'processed', amount: 30 } });
      expect(await shopperOrder(ctx.app, shopper.cookie, greenOrder._id)).toMatchObject({ status: 'Order Placed', isPaid: true, refund: null });
      const payment = () => ctx.db.payment.findFirstOrThrow({ where: { gatewayOrderId: checkout.order.id } });
      expect(await payment()).toMatchObject({ status: 'CAPTURED' });

      // The shopper cancels the other: its ₹102 goes back too, and only now is the whole payment refunded.
      expect((await postCancel(ctx.app, shopper.cookie, greenOrder._id)).json().order.refund).toEqual({ status: 'pending', amount: 102 });
      await waitFor(() => ctx.db.refund.findFirst({ where: { orderId: greenOrder._id, status: 'PROCESSED' } }), 'the green part to be refunded');
      const refunds = await ctx.db.refund.findMany({ where: { gatewayPaymentId: paid.razorpay_payment_id } });
      expect(refunds.map((r) => r.amountPaise).sort((a, b) => a - b)).toEqual([3_000, 10_200]);
      expect(await payment()).toMatchObject({ status: 'REFUNDED' });
    });

    it('a capture after expiry restores the orders whose stock is still there and refunds the part of the one whose stock was sold', async () => {
      const { shopper, checkout, milk, spinach, dairy } = await paidCheckout();
      await ageOrder(ctx.db, checkout.dbOrderId, 30);
      expect(await ctx.services.paymentSettlement.expire(await checkoutOf(ctx.db, checkout.dbOrderId), 15)).toBe('expired');
      expect(await ctx.db.order.count({ where: { id: { in: checkout.orderIds }, status: 'CANCELLED' } })).toBe(2);
      // Meanwhile another shopper buys all the milk.
      const other = await shopperWithAddress(ctx.app);
      expect((await postCodOrder(ctx.app, other.cookie, { items: [{ product: milk.id, quantity: 5 }], address: other.address._id })).statusCode).toBe(201);

      const late = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
      await postVerify(ctx.app, shopper.cookie, { ...late, orderId: checkout.dbOrderId });
      await waitFor(() => ctx.db.refund.findFirst({ where: { gatewayPaymentId: late.razorpay_payment_id, status: 'PROCESSED' } }), 'the milk part to be refunded');
      const orders = await Promise.all(checkout.orderIds.map((id) => shopperOrder(ctx.app, shopper.cookie, id)));
      const dairyOrder = orders.find((o) => o.seller.id === dairy.id)!;
      const greenOrder = orders.find((o) => o.seller.id !== dairy.id)!;
      expect(greenOrder).toMatchObject({ status: 'Order Placed', isPaid: true, refund: null });
      expect(dairyOrder).toMatchObject({ status: 'Cancelled', refund: { status: 'processed', amount: 30 } });
      expect([await stockOf(spinach.id), await stockOf(milk.id)]).toEqual([3, 0]);
    });
  });
});
