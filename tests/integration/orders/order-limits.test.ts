import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, postCodOrder, shopperWithAddress } from '../../helpers/factories';
import { postCancel, postCreate, shopperOrder } from '../../helpers/payment-flows';

/**
 * Limits that keep one shopper from holding everyone's stock, and idempotency keys that mean one thing: unpaid online
 * orders expire after a short configurable window (shown as `expiresAt`), a shopper may hold only a few at once, a
 * key reused for another order is refused, and the per-product cap counts the merged quantity.
 */
describe('order limits', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestContext({ PAYMENT_EXPIRY_MINUTES: '10', MAX_UNPAID_ONLINE_ORDERS: '2' });
  });
  afterAll(() => ctx.close());

  const stockOf = async (id: string) => (await ctx.db.product.findUniqueOrThrow({ where: { id } })).stockQuantity;

  it('an unpaid online order holds its stock for the configured window, shown to the shopper as expiresAt', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 5 });
    const before = Date.now();
    const res = await postCreate(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    expect(res.statusCode).toBe(201);
    const order = await shopperOrder(ctx.app, shopper.cookie, res.json().dbOrderId);
    expect(order).toMatchObject({ status: 'Pending', refund: null });
    const expiresAt = Date.parse(order.expiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(res.json().expiresAt).toBe(order.expiresAt);
  });

  it('refuses a third unpaid online order with 409, writing nothing; paying on delivery or cancelling one frees a slot', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 50 });
    const body = { items: [{ product: product.id, quantity: 10 }], address: shopper.address._id };
    const first = await postCreate(ctx.app, shopper.cookie, body);
    expect((await postCreate(ctx.app, shopper.cookie, body)).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(30);

    const third = await postCreate(ctx.app, shopper.cookie, body);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      success: false,
      code: 'too_many_unpaid_orders',
      message: 'You already have 2 unpaid online orders. Pay or cancel one in My Orders, or choose Cash on Delivery.',
    });
    expect(await stockOf(product.id)).toBe(30);
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(2);

    // Cash on delivery is not capped; another shopper has their own allowance.
    expect((await postCodOrder(ctx.app, shopper.cookie, body)).statusCode).toBe(201);
    const other = await shopperWithAddress(ctx.app);
    expect((await postCreate(ctx.app, other.cookie, { ...body, address: other.address._id })).statusCode).toBe(201);

    expect((await postCancel(ctx.app, shopper.cookie, first.json().dbOrderId)).statusCode).toBe(200);
    expect((await postCreate(ctx.app, shopper.cookie, body)).statusCode).toBe(201);
  });

  it('holds the cap under concurrent checkouts of one shopper: two placed, the rest a clear 409, never a 500', async () => {
    // Each checkout inserts its order (which key-share locks the shopper's row through the foreign key) and then
    // counts under the shopper's row lock; a burst of them is what once deadlocked. A few bursts, a few shoppers.
    for (let burst = 0; burst < 3; burst++) {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 100 });
      const body = { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id };
      const answers = await Promise.all(Array.from({ length: 8 }, () => postCreate(ctx.app, shopper.cookie, body)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json()).toMatchObject({ code: 'too_many_unpaid_orders' });
      expect(await ctx.db.order.count({ where: { userId: shopper.user._id, status: 'PENDING' } })).toBe(2);
      expect(await stockOf(product.id)).toBe(98);
    }
  });

  describe('Idempotency-Key', () => {
    it('reused with a different order answers 422 and writes nothing', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 10 });
      const idempotencyKey = 'same-key-different-body';
      const key = { 'idempotency-key': idempotencyKey };
      const first = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id, idempotencyKey });
      expect(first.statusCode).toBe(201);
      const orders = await ctx.db.order.count();
      const outbox = await ctx.db.outboxEvent.count();

      for (const items of [[{ product: product.id, quantity: 2 }], [{ product: product.id, quantity: 1 }, { product: product.id, quantity: 1 }]]) {
        const res = await postCodOrder(ctx.app, shopper.cookie, { items, address: shopper.address._id, idempotencyKey });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ success: false, code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different order; use a new key for a new order' });
      }
      // The same order by the other way to pay is a different order too.
      expect((await postCreate(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id }, key)).statusCode).toBe(422);
      expect(await ctx.db.order.count()).toBe(orders);
      expect(await ctx.db.outboxEvent.count()).toBe(outbox);
      expect(await stockOf(product.id)).toBe(9);

      // The same order again (lines in another order, id in capitals) is the same order: the first one back.
      const replay = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id.toUpperCase(), quantity: 1 }], address: shopper.address._id, idempotencyKey });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().order._id).toBe(first.json().order._id);
    });
  });

  it('caps the merged quantity of one product at 1,000 units, however many lines name it (400, nothing written)', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: null });
    const lines = Array.from({ length: 100 }, () => ({ product: product.id, quantity: 1000 }));
    const res = await postCodOrder(ctx.app, shopper.cookie, { items: lines, address: shopper.address._id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'quantity_too_large', message: 'At most 1000 units of one product per order' });
    const justUnder = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 600 }, { product: product.id, quantity: 400 }], address: shopper.address._id });
    expect(justUnder.statusCode).toBe(201);
    expect(justUnder.json().order.items).toEqual([expect.objectContaining({ quantity: 1000 })]);
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(1);
  });
});
