import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../core/domain/order-status';
import { orderInclude, toOrderDto } from '../../../core/modules/orders/order-mapper';
import { transitionOrder } from '../../../core/modules/orders/order-transitions';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';

describe('GET /api/order/user', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const myOrders = (cookie?: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/order/user${query}`, headers: cookie ? { cookie } : {} });

  it('returns only the user’s own orders, newest first, each with items, amount, address, status and history', async () => {
    const [shopper, other] = [await shopperWithAddress(ctx.app), await shopperWithAddress(ctx.app)];
    const rice = await createProduct(ctx.db, { name: 'Basmati Rice', offerPricePaise: 15_000 });
    const first = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: rice.id, quantity: 1 }], address: shopper.address._id });
    const second = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: rice.id, quantity: 2 }], address: shopper.address._id });
    await placeCodOrder(ctx.app, other.cookie, { items: [{ product: rice.id, quantity: 1 }], address: other.address._id });

    const res = await myOrders(shopper.cookie);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, total: 2 });
    expect(body.orders.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
    expect(body.orders[0]).toEqual({
      _id: second._id,
      orderId: second.orderId,
      userId: shopper.user._id,
      checkoutId: expect.stringMatching(/^CK\d{6}[0-9A-Z]{6}$/),
      seller: { id: rice.sellerId, storeName: 'Test Store' },
      fee: 2,
      items: [{ product: { _id: rice.id, name: 'Basmati Rice', category: 'Fruits', offerPrice: 150, image: '/catalog-images/apple.svg', images: ['/catalog-images/apple.svg'] }, quantity: 2 }],
      amount: 302,
      address: shopper.address,
      status: 'Order Placed',
      paymentType: 'COD',
      isPaid: false,
      version: 1,
      history: [{ from: null, to: 'Order Placed', isPaid: null, actor: 'user', note: null, at: expect.any(String) }],
      refund: null,
      expiresAt: null,
      promisedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('shows the snapshots taken at ordering, not today’s product or address', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { name: 'Old Name', offerPricePaise: 1_000 });
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    await ctx.db.product.update({ where: { id: product.id }, data: { name: 'New Name', offerPricePaise: 9_999 } });
    await ctx.app.inject({ method: 'DELETE', url: `/api/address/${shopper.address._id}`, headers: { cookie: shopper.cookie } });

    const [shown] = (await myOrders(shopper.cookie)).json().orders;
    expect(shown._id).toBe(order._id);
    expect(shown.items[0].product).toMatchObject({ name: 'Old Name', offerPrice: 10 });
    expect(shown.address).toEqual(shopper.address);
  });

  it('shows later status changes with their history and a bumped version', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db);
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    await ctx.transaction((tx) => transitionOrder(tx, { orderId: order._id, to: OrderStatus.OnTheWay, actor: { type: 'seller' } }));

    const [shown] = (await myOrders(shopper.cookie)).json().orders;
    expect(shown).toMatchObject({ status: 'On The Way', version: 2 });
    // Exactly as Prisma's read with every relation sees the order.
    expect(shown).toEqual(toOrderDto(await ctx.db.order.findUniqueOrThrow({ where: { id: order._id }, include: orderInclude })));
    expect(shown.history.map((h: { from: string | null; to: string; actor: string }) => [h.from, h.to, h.actor])).toEqual([
      [null, 'Order Placed', 'user'],
      ['Order Placed', 'On The Way', 'seller'],
    ]);
  });

  it('pages with ?page=&limit=', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id }));

    const res = await myOrders(shopper.cookie, '?page=2&limit=2');
    expect(res.json()).toMatchObject({ success: true, total: 3 });
    expect(res.json().orders.map((o: { _id: string }) => o._id)).toEqual([placed[0]!._id]);
  });

  it('answers an empty list to a shopper without orders', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    expect((await myOrders(shopper.cookie)).json()).toEqual({ success: true, orders: [], total: 0 });
  });

  it('answers 401 without a session', async () => {
    const res = await myOrders();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: 'Please login' });
  });
});
