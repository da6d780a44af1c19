import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, createStore, postCodOrder, shopperWithAddress } from '../../helpers/factories';
import { waitUntilWaitingForLock } from '../../helpers/lock-waits';
import { ageOrder, checkoutOf, createOnlineOrder } from '../../helpers/payment-flows';

/**
 * A transaction that gives back the stock of several orders (here a checkout's expiry, one order per store) and a
 * checkout that wants products of both must not deadlock: the checkout locks its products in id order, so the expiry
 * must not hold a later product while it waits for an earlier one.
 */
describe('an expiry of several orders beside a checkout of their products', () => {
  let ctx: TestContext;
  let holder: pg.Client;

  beforeAll(async () => {
    ctx = await buildTestContext();
    holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
    await ctx.close();
  });

  it('expires the checkout and places the other shopper\u2019s order, one after the other', async () => {
    const green = await createStore(ctx.db, { storeName: 'Green Basket' });
    const dairy = await createStore(ctx.db, { storeName: 'Daily Dairy' });
    // Ids chosen so that whichever order the expiry releases first, a product of the other lies below one of its own.
    const greenLow = await createProduct(ctx.db, { id: '10000000-0000-4000-8000-000000000001', sellerId: green.id, name: 'Spinach', stockQuantity: 10 });
    const greenHigh = await createProduct(ctx.db, { id: 'f0000000-0000-4000-8000-000000000001', sellerId: green.id, name: 'Okra', stockQuantity: 10 });
    const dairyMid = await createProduct(ctx.db, { id: '50000000-0000-4000-8000-000000000001', sellerId: dairy.id, name: 'Milk', stockQuantity: 10 });

    const late = await shopperWithAddress(ctx.app);
    const checkout = await createOnlineOrder(ctx.app, late.cookie, {
      items: [greenLow, greenHigh, dairyMid].map((p) => ({ product: p.id, quantity: 1 })),
      address: late.address._id,
    });
    await ageOrder(ctx.db, checkout.dbOrderId, 20);
    const checkoutId = await checkoutOf(ctx.db, checkout.dbOrderId);
    // The expiry cancels the checkout's orders in id order.
    const [first, second] = await ctx.db.order.findMany({ where: { checkoutId }, orderBy: { id: 'asc' }, select: { id: true, sellerId: true } });
    const greenFirst = first!.sellerId === green.id;
    // The other shopper's checkout: a product of the order released second, then one the first holds, higher up.
    const wanted = greenFirst ? [dairyMid, greenHigh] : [greenLow, dairyMid];

    // Hold the expiry between its two orders: the second order's lines are locked elsewhere for now.
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM order_items WHERE order_id = $1 FOR UPDATE', [second!.id]);
    const expiry = ctx.services.paymentSettlement.expire(checkoutId, 15);
    await waitUntilWaitingForLock(ctx.db, 'UPDATE order_items SET stock_taken');

    const other = await shopperWithAddress(ctx.app);
    // inject starts its request once asked for the answer: Promise.resolve asks now.
    const placing = Promise.resolve(postCodOrder(ctx.app, other.cookie, { items: wanted.map((p) => ({ product: p.id, quantity: 1 })), address: other.address._id }));
    await waitUntilWaitingForLock(ctx.db, 'SELECT place_checkout(');
    await holder.query('COMMIT');

    expect(await expiry).toBe('expired');
    const placed = await placing;
    expect(placed.statusCode, placed.body).toBe(201);
    const stock = await ctx.db.product.findMany({ where: { id: { in: [greenLow.id, greenHigh.id, dairyMid.id] } }, orderBy: { id: 'asc' }, select: { id: true, stockQuantity: true } });
    expect(stock).toEqual([greenLow, dairyMid, greenHigh].map((p) => ({ id: p.id, stockQuantity: wanted.includes(p) ? 9 : 10 })));
  });
});
