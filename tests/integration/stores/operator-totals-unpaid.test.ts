import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { ageOrder, createOnlineOrder, payInTestCheckout } from '../../helpers/payment-flows';
import { loginSeller } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

/**
 * The operator's store totals and online orders still waiting for their payment: such an order is placed (it counts
 * among the orders), but its units and amount count only once it is paid, so a period's figures do not drop when an
 * unpaid order expires.
 */
describe('store totals and unpaid online orders', () => {
  let ctx: TestContext;
  let operator: string;
  let store: Awaited<ReturnType<typeof storeWithSession>>;
  let productId: string;

  beforeAll(async () => {
    // No webhooks: the reconciler, run by the test, is what finds a payment or expires an order.
    ctx = await buildTestContext({ SIMULATED_GATEWAY_WEBHOOKS: 'false' });
    operator = await loginSeller(ctx);
    store = await storeWithSession(ctx, { storeName: 'Paid Later' });
    productId = (await createProduct(ctx.db, { sellerId: store.sellerId, offerPricePaise: 8_000, stockQuantity: 20 })).id;
  });
  afterAll(() => ctx.close());

  const totals = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/totals?from=2000-01-01&to=2100-12-31', headers: { cookie: operator } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().stores.find((s: { store: { id: string } }) => s.store.id === store.sellerId);
  };
  const statusOf = (id: string) => ctx.db.order.findUniqueOrThrow({ where: { id }, select: { status: true, isPaid: true } });
  const onlineOrder = async (quantity: number) => {
    const shopper = await shopperWithAddress(ctx.app);
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: productId, quantity }], address: shopper.address._id });
    expect(await statusOf(checkout.dbOrderId)).toEqual({ status: 'PENDING', isPaid: false });
    return { shopper, checkout };
  };

  it('counts a Pending unpaid online order among the orders but not in units or gross; once paid, it counts in both', async () => {
    const { shopper, checkout } = await onlineOrder(3);
    expect(await totals()).toEqual({ store: { id: store.sellerId, storeName: 'Paid Later' }, orders: 1, units: 0, gross: 0, refunds: 0 });

    await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    await ageOrder(ctx.db, checkout.dbOrderId, 6);
    await ctx.services.paymentReconciler.runOnce();
    expect(await statusOf(checkout.dbOrderId)).toEqual({ status: 'ORDER_PLACED', isPaid: true });
    // 3 × ₹80 and the checkout's fee: what the shopper paid.
    expect(await totals()).toEqual({ store: { id: store.sellerId, storeName: 'Paid Later' }, orders: 1, units: 3, gross: checkout.order.amount / 100, refunds: 0 });
  });

  it('leaves units and gross as they were when an unpaid online order expires', async () => {
    const before = await totals();
    const { checkout } = await onlineOrder(2);
    expect(await totals()).toEqual({ ...before, orders: before.orders + 1 });

    await ageOrder(ctx.db, checkout.dbOrderId, 45);
    await ctx.services.paymentReconciler.runOnce();
    expect(await statusOf(checkout.dbOrderId)).toEqual({ status: 'CANCELLED', isPaid: false });
    expect(await totals()).toEqual({ ...before, orders: before.orders + 1 });
  });
});
