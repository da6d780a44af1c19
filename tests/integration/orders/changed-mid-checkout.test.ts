import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, createStore, postCodOrder, shopperWithAddress } from '../../helpers/factories';
import { waitUntilWaitingForLock } from '../../helpers/lock-waits';

/**
 * A change commits while a shopper's checkout is between its read (which saw everything on sale) and its write: an
 * operator suspends a store, or a seller switches off a product whose stock is not counted. The checkout must not
 * order what is no longer on sale, and must write nothing at all.
 */
describe('a change in the middle of a checkout', () => {
  let ctx: TestContext;
  let operator: pg.Client;

  beforeAll(async () => {
    ctx = await buildTestContext();
    operator = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await operator.connect();
  });
  afterAll(async () => {
    await operator.end();
    await ctx.close();
  });

  /** Waits until the checkout's write is waiting for a lock: it has read and is now writing. */
  const checkoutWaitingForLock = () => waitUntilWaitingForLock(ctx.db, 'SELECT place_checkout(');

  it('refuses the order of the suspended store as not available, and places nothing of the checkout', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const green = await createStore(ctx.db, { storeName: 'Green Basket' });
    const dairy = await createStore(ctx.db, { storeName: 'Daily Dairy' });
    const spinach = await createProduct(ctx.db, { sellerId: green.id, name: 'Spinach', stockQuantity: 5 });
    const milk = await createProduct(ctx.db, { sellerId: dairy.id, name: 'Milk', stockQuantity: 5 });

    // The operator's change of standing, as the store service makes it: the store locked, then its status written.
    await operator.query('BEGIN');
    await operator.query('SELECT id FROM sellers WHERE id = $1 FOR UPDATE', [dairy.id]);
    await operator.query(`UPDATE sellers SET status = 'suspended' WHERE id = $1`, [dairy.id]);

    // inject starts its request once asked for the answer: Promise.resolve asks now.
    const answer = Promise.resolve(
      postCodOrder(ctx.app, shopper.cookie, { items: [{ product: spinach.id, quantity: 1 }, { product: milk.id, quantity: 2 }], address: shopper.address._id }),
    );
    await checkoutWaitingForLock();
    await operator.query('COMMIT');

    const res = await answer;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'unknown_products', message: `Some products are not available any more: ${milk.id}` });
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    expect(await ctx.db.checkout.count({ where: { userId: shopper.user._id } })).toBe(0);
    const stock = await ctx.db.product.findMany({ where: { id: { in: [spinach.id, milk.id] } }, select: { stockQuantity: true } });
    expect(stock.map((p) => p.stockQuantity)).toEqual([5, 5]);

    // The other store's part alone goes through.
    const again = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: spinach.id, quantity: 1 }], address: shopper.address._id });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a product not counted in stock that its seller switched off meanwhile, as out of stock', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const store = await createStore(ctx.db, { storeName: 'Herb Corner' });
    const basil = await createProduct(ctx.db, { sellerId: store.id, name: 'Basil', stockQuantity: null });
    const mint = await createProduct(ctx.db, { sellerId: store.id, name: 'Mint', stockQuantity: 4 });

    // The seller's switch, as the product service makes it: the product locked, then written.
    await operator.query('BEGIN');
    await operator.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [basil.id]);
    await operator.query('UPDATE products SET in_stock = false WHERE id = $1', [basil.id]);

    const answer = Promise.resolve(
      postCodOrder(ctx.app, shopper.cookie, { items: [{ product: basil.id, quantity: 1 }, { product: mint.id, quantity: 1 }], address: shopper.address._id }),
    );
    await checkoutWaitingForLock();
    await operator.query('COMMIT');

    const res = await answer;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'out_of_stock', message: 'Out of stock: Basil' });
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    expect((await ctx.db.product.findUniqueOrThrow({ where: { id: mint.id } })).stockQuantity).toBe(4);
  });

  it('takes the units of a product its seller started counting meanwhile, from a new read', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const store = await createStore(ctx.db, { storeName: 'Herb Corner' });
    const basil = await createProduct(ctx.db, { sellerId: store.id, name: 'Basil', stockQuantity: null });

    // The seller's stock edit: 3 basil bunches counted from now on.
    await operator.query('BEGIN');
    await operator.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [basil.id]);
    await operator.query('UPDATE products SET stock_quantity = 3 WHERE id = $1', [basil.id]);
    const answer = Promise.resolve(postCodOrder(ctx.app, shopper.cookie, { items: [{ product: basil.id, quantity: 2 }], address: shopper.address._id }));
    await checkoutWaitingForLock();
    await operator.query('COMMIT');

    const res = await answer;
    expect(res.statusCode, res.body).toBe(201);
    expect((await ctx.db.product.findUniqueOrThrow({ where: { id: basil.id } })).stockQuantity).toBe(1);
    expect(await ctx.db.orderItem.findMany({ where: { productId: basil.id }, select: { quantity: true, stockTaken: true } })).toEqual([{ quantity: 2, stockTaken: true }]);

    // More than the count now holds is out of stock, not ordered on top of it.
    const more = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: basil.id, quantity: 2 }], address: shopper.address._id });
    expect(more.statusCode, more.body).toBe(409);
  });

  it('places an order of a product its seller stopped counting meanwhile, instead of calling it out of stock', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const store = await createStore(ctx.db, { storeName: 'Herb Corner' });
    const mint = await createProduct(ctx.db, { sellerId: store.id, name: 'Mint', stockQuantity: 1 });

    await operator.query('BEGIN');
    await operator.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [mint.id]);
    await operator.query('UPDATE products SET stock_quantity = NULL WHERE id = $1', [mint.id]);
    const answer = Promise.resolve(postCodOrder(ctx.app, shopper.cookie, { items: [{ product: mint.id, quantity: 1 }], address: shopper.address._id }));
    await checkoutWaitingForLock();
    await operator.query('COMMIT');

    const res = await answer;
    expect(res.statusCode, res.body).toBe(201);
    const product = await ctx.db.product.findUniqueOrThrow({ where: { id: mint.id } });
    expect({ stockQuantity: product.stockQuantity, inStock: product.inStock }).toEqual({ stockQuantity: null, inStock: true });
    expect(await ctx.db.orderItem.findMany({ where: { productId: mint.id }, select: { stockTaken: true } })).toEqual([{ stockTaken: false }]);
  });
});
