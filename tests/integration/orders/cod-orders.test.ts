import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createAddress, createProduct, placeCodOrder, postCodOrder, registerUser, shopperWithAddress } from '../../helpers/factories';

describe('POST /api/order/cod', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  /** Everything an order placement may write, to prove a refused one wrote nothing. */
  const footprint = async (userId: string, productIds: string[]) => ({
    orders: await ctx.db.order.count({ where: { userId } }),
    outbox: await ctx.db.outboxEvent.count(),
    cart: await ctx.db.cartItem.findMany({ where: { userId }, orderBy: { productId: 'asc' } }),
    stock: await ctx.db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, stockQuantity: true, inStock: true }, orderBy: { id: 'asc' } }),
  });

  it('places the order in one go: order, item snapshots, address snapshot, history, outbox event, emptied cart', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const mango = await createProduct(ctx.db, { name: 'Mango', category: 'Fruits', offerPricePaise: 1_999, images: ['/uploads/mango.png', '/uploads/mango-2.png'] });
    const paneer = await createProduct(ctx.db, { name: 'Paneer', category: 'Dairy', offerPricePaise: 50 });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie }, payload: { cartItems: { [mango.id]: 3, [paneer.id]: 1 } } });

    const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: mango.id, quantity: 3 }, { product: paneer.id, quantity: 1 }], address: shopper.address._id });

    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(res.json()).toMatchObject({ success: true, message: 'Order Placed Successfully' });
    // ₹19.99 × 3 + ₹0.50 = ₹60.47, plus the ₹2 platform fee.
    expect(order).toMatchObject({ amount: 62.47, status: 'Order Placed', paymentType: 'COD', isPaid: false, version: 1, userId: shopper.user._id });
    expect(order.orderId).toMatch(/^OD\d{6}[0-9A-HJ-NP-Z]{6}$/);
    expect(order.address).toEqual(shopper.address);
    expect(order.items).toEqual(
      expect.arrayContaining([
        { product: { _id: mango.id, name: 'Mango', category: 'Fruits', offerPrice: 19.99, image: '/uploads/mango.png', images: ['/uploads/mango.png'] }, quantity: 3 },
        { product: expect.objectContaining({ _id: paneer.id, offerPrice: 0.5 }), quantity: 1 },
      ]),
    );
    expect(order.history).toEqual([{ from: null, to: 'Order Placed', isPaid: null, actor: 'user', note: null, at: expect.any(String) }]);
    // Cash on delivery: nothing to refund, nothing to expire.
    expect(order).toMatchObject({ refund: null, expiresAt: null });

    const row = await ctx.db.order.findUniqueOrThrow({ where: { id: order._id }, include: { items: true, history: true } });
    expect(row.amountPaise).toBe(6_247);
    expect(row.items).toHaveLength(2);
    expect(row.history[0]).toMatchObject({ fromStatus: null, actorType: 'USER', actorId: shopper.user._id });
    const events = await ctx.db.outboxEvent.findMany({ where: { type: 'order.placed' } });
    expect(events.filter((e) => (e.payload as { orderId: string }).orderId === order._id)).toEqual([
      expect.objectContaining({ queue: 'orders', payload: { orderId: order._id, userId: shopper.user._id, order }, publishedAt: null }),
    ]);
    expect(await ctx.db.cartItem.count({ where: { userId: shopper.user._id } })).toBe(0);

    // The reply is built without reading the order back: it must be exactly what reading it gives.
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } });
    expect(mine.json().orders).toEqual([order]);
  });

  it('charges today’s database price, whatever price the shopper’s page showed', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 10_000 });
    await ctx.db.product.update({ where: { id: product.id }, data: { offerPricePaise: 12_345 } });

    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id });
    expect(order.amount).toBe(248.9);
    expect(order.items[0]!.product.offerPrice).toBe(123.45);
  });

  it('refuses a body that tries to set its own amount or price (400, nothing written)', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db);
    const before = await footprint(shopper.user._id, [product.id]);

    for (const body of [
      { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id, amount: 1 },
      { items: [{ product: product.id, quantity: 1, offerPrice: 0.01 }], address: shopper.address._id },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/order/cod', headers: { cookie: shopper.cookie }, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await footprint(shopper.user._id, [product.id])).toEqual(before);
  });

  it('acts for the session’s user: a userId in the body is ignored', async () => {
    const [shopper, other] = [await shopperWithAddress(ctx.app), await registerUser(ctx.app)];
    const product = await createProduct(ctx.db);

    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id, ...{} });
    const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id, extra: { userId: other.user._id } });

    expect(order.userId).toBe(shopper.user._id);
    expect(res.json().order.userId).toBe(shopper.user._id);
    expect(await ctx.db.order.count({ where: { userId: other.user._id } })).toBe(0);
  });

  it('reserves counted stock; the last unit takes the product out of stock and announces it', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const counted = await createProduct(ctx.db, { stockQuantity: 3 });
    const uncounted = await createProduct(ctx.db);

    await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: counted.id, quantity: 2 }, { product: uncounted.id, quantity: 50 }], address: shopper.address._id });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: counted.id } })).toMatchObject({ stockQuantity: 1, inStock: true });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: uncounted.id } })).toMatchObject({ stockQuantity: null, inStock: true });

    await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: counted.id, quantity: 1 }], address: shopper.address._id });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: counted.id } })).toMatchObject({ stockQuantity: 0, inStock: false });
    const stockEvents = await ctx.db.outboxEvent.findMany({ where: { type: 'stock.changed' } });
    expect(stockEvents.map((e) => e.payload)).toContainEqual({ productId: counted.id, reason: 'ordered' });
  });

  it('adds up a product listed twice into one line', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 1_000, stockQuantity: 10 });

    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }, { product: product.id, quantity: 3 }], address: shopper.address._id });
    expect(order.items).toEqual([expect.objectContaining({ quantity: 5 })]);
    expect(order.amount).toBe(52);
    expect((await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(5);
  });

  describe('refusals write nothing', () => {
    it('400 for unknown and deleted products, naming them', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const good = await createProduct(ctx.db, { stockQuantity: 5 });
      const deleted = await createProduct(ctx.db, { deletedAt: new Date() });
      const unknown = randomUUID();
      await ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie }, payload: { cartItems: { [good.id]: 1 } } });
      const before = await footprint(shopper.user._id, [good.id]);

      const res = await postCodOrder(ctx.app, shopper.cookie, {
        items: [{ product: good.id, quantity: 1 }, { product: deleted.id, quantity: 1 }, { product: unknown, quantity: 1 }],
        address: shopper.address._id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'unknown_products' });
      expect(res.json().message).toContain(deleted.id);
      expect(res.json().message).toContain(unknown);
      expect(await footprint(shopper.user._id, [good.id])).toEqual(before);
    });

    it('400 for a product the seller switched out of stock', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const off = await createProduct(ctx.db, { name: 'Seasonal Litchi', inStock: false });
      const before = await footprint(shopper.user._id, [off.id]);

      const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: off.id, quantity: 1 }], address: shopper.address._id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Out of stock: Seasonal Litchi');
      expect(await footprint(shopper.user._id, [off.id])).toEqual(before);
    });

    it('409 "Out of stock" when asking for more units than are left', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const plenty = await createProduct(ctx.db, { stockQuantity: 100 });
      const scarce = await createProduct(ctx.db, { name: 'Saffron 1g', stockQuantity: 2 });
      const before = await footprint(shopper.user._id, [plenty.id, scarce.id]);

      const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: plenty.id, quantity: 5 }, { product: scarce.id, quantity: 3 }], address: shopper.address._id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'out_of_stock', message: 'Out of stock: Saffron 1g' });
      expect(await footprint(shopper.user._id, [plenty.id, scarce.id])).toEqual(before);
    });

    it.each([0, -1, 1.5])('400 for a quantity of %s', async (quantity) => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db);
      const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity }], address: shopper.address._id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Quantity must be/);
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    });

    it('400 "Please select an address" without an address, with an unknown one, and with another user’s', async () => {
      const [shopper, other] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const theirs = await createAddress(ctx.app, other.cookie);
      const product = await createProduct(ctx.db);
      const items = [{ product: product.id, quantity: 1 }];

      const missing = await ctx.app.inject({ method: 'POST', url: '/api/order/cod', headers: { cookie: shopper.cookie }, payload: { items } });
      const unknown = await postCodOrder(ctx.app, shopper.cookie, { items, address: randomUUID() });
      const notMine = await postCodOrder(ctx.app, shopper.cookie, { items, address: theirs._id });

      for (const res of [missing, unknown, notMine]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: 'Please select an address' });
      }
      expect(await ctx.db.order.count()).toBeGreaterThanOrEqual(0);
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    });

    it('401 without a session', async () => {
      const product = await createProduct(ctx.db);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: [{ product: product.id, quantity: 1 }], address: randomUUID() } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please login');
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a repeated submit with the first order instead of placing a second one', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 10 });
      const submit = () => postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id, idempotencyKey: 'checkout-7f3a9c21' });

      const first = await submit();
      const again = await submit();

      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().order).toEqual(first.json().order);
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(1);
      expect((await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(8);
    });

    it('places exactly one order for a concurrent double submit, and all answers carry it', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 10 });
      const submit = () => postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id, idempotencyKey: 'double-click-42ab' });

      const answers = await Promise.all([submit(), submit(), submit()]);

      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.json().order._id)).size).toBe(1);
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(1);
      expect((await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(9);
      expect(await ctx.db.outboxEvent.count({ where: { type: 'order.placed', payload: { path: ['userId'], equals: shopper.user._id } } })).toBe(1);
    });

    it('keeps keys per user and per order: other keys, or other users with the same key, place their own orders', async () => {
      const [alice, bob] = [await shopperWithAddress(ctx.app), await shopperWithAddress(ctx.app)];
      const product = await createProduct(ctx.db);
      const items = [{ product: product.id, quantity: 1 }];

      const a1 = await placeCodOrder(ctx.app, alice.cookie, { items, address: alice.address._id, idempotencyKey: 'shared-key-0001' });
      const a2 = await placeCodOrder(ctx.app, alice.cookie, { items, address: alice.address._id, idempotencyKey: 'shared-key-0002' });
      const b1 = await placeCodOrder(ctx.app, bob.cookie, { items, address: bob.address._id, idempotencyKey: 'shared-key-0001' });

      expect(new Set([a1._id, a2._id, b1._id]).size).toBe(3);
      expect(b1.userId).toBe(bob.user._id);
    });

    it.each(['short', 'x'.repeat(101), 'has spaces in it'])('refuses a malformed key %j with a 400', async (key) => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db);
      const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id, idempotencyKey: key });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Idempotency-Key');
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    });
  });

  it('lets exactly one of two shoppers racing for the last unit win; the other gets 409 "Out of stock"', async () => {
    const shoppers = await Promise.all([shopperWithAddress(ctx.app), shopperWithAddress(ctx.app)]);
    const last = await createProduct(ctx.db, { name: 'Last Jackfruit', stockQuantity: 1 });

    for (let round = 0; round < 3; round++) {
      await ctx.db.product.update({ where: { id: last.id }, data: { stockQuantity: 1, inStock: true } });
      const answers = await Promise.all(
        shoppers.map((s) => postCodOrder(ctx.app, s.cookie, { items: [{ product: last.id, quantity: 1 }], address: s.address._id })),
      );

      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ success: false, message: 'Out of stock: Last Jackfruit' });
      expect(await ctx.db.product.findUniqueOrThrow({ where: { id: last.id } })).toMatchObject({ stockQuantity: 0, inStock: false });
    }
    expect(await ctx.db.orderItem.count({ where: { productId: last.id } })).toBe(3);
  });
});
