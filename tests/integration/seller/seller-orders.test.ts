import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/orders';
import { DbOrderStatus, DbPaymentType } from '../../../core/modules/orders/order-enums';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { insertOrder, loginSeller, operatorStoreId, outboxEvents, shopperCookie } from '../../helpers/seller-factories';

let ctx: TestContext;
let cookie: string;
let shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
let productId: string;
beforeAll(async () => {
  ctx = await buildTestContext();
  cookie = await loginSeller(ctx);
  shopper = await shopperWithAddress(ctx.app);
  // The operator's seller area shows its own store's orders: the product is FreshCart's.
  productId = (await createProduct(ctx.db, { name: 'Toor Dal', offerPricePaise: 14_550, sellerId: await operatorStoreId(ctx) })).id;
});
afterAll(() => ctx.close());

/** A cash-on-delivery order placed the way a shopper places it. */
const codOrder = () => placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: productId, quantity: 2 }], address: shopper.address._id });
/** An online order as the payment flow leaves it (rows: the Razorpay calls are another issue's). */
const onlineOrder = (status: DbOrderStatus, isPaid: boolean, createdAt?: Date) =>
  insertOrder(ctx, { userId: shopper.user._id, productId, status, paymentType: DbPaymentType.ONLINE, isPaid, createdAt });

const board = async (query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/order/seller${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { success: true; orders: OrderDto[]; total: number; page: number; limit: number };
};
const update = (payload: Record<string, unknown>, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers, payload });
const row = (id: string) => ctx.db.order.findUniqueOrThrow({ where: { id }, include: { history: { orderBy: { at: 'asc' } } } });

describe('GET /api/order/seller', () => {
  it('lists COD and online orders newest first, Pending ones marked by their status, with everything the board shows', async () => {
    const cod = await codOrder();
    // Creation times a second apart keep "newest first" deterministic.
    const after = (seconds: number) => new Date(Date.parse(cod.createdAt) + seconds * 1000);
    const pending = await onlineOrder(DbOrderStatus.PENDING, false, after(1));
    const paid = await onlineOrder(DbOrderStatus.ORDER_PLACED, true, after(2));

    const body = await board();
    expect(body.total).toBe(3);
    expect(body.orders.map((o) => o._id)).toEqual([paid.id, pending.id, cod._id]);
    const [paidDto, pendingDto, codDto] = body.orders;
    expect(pendingDto).toMatchObject({ status: 'Pending', paymentType: 'Online', isPaid: false });
    expect(paidDto).toMatchObject({ status: 'Order Placed', paymentType: 'Online', isPaid: true });
    expect(codDto).toMatchObject({
      orderId: cod.orderId,
      status: 'Order Placed',
      paymentType: 'COD',
      isPaid: false,
      // 2 × ₹145.50 + ₹2 platform fee, priced by the server.
      amount: 293,
      address: { city: 'Bengaluru', zipcode: '560001' },
      items: [{ product: { _id: productId, name: 'Toor Dal', offerPrice: 145.5 }, quantity: 2 }],
    });
    expect(codDto!.history).toEqual([expect.objectContaining({ from: null, to: 'Order Placed', actor: 'user' })]);
  });

  it('filters by status and pages with a total', async () => {
    const pendingOnly = await board('?status=Pending');
    expect(pendingOnly.orders.map((o) => o.status)).toEqual(['Pending']);
    expect(pendingOnly.total).toBe(1);

    const page = await board('?limit=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]!.paymentType).toBe('COD');
  });

  it('puts orders past their promised arrival first on every page, then the rest newest first', async () => {
    const before = await board('?limit=200');
    const late = await onlineOrder(DbOrderStatus.ON_THE_WAY, true, new Date(Date.now() - 3_600_000));
    const onTime = await onlineOrder(DbOrderStatus.ON_THE_WAY, true, new Date(Date.now() - 3_500_000));
    await ctx.db.order.update({ where: { id: late.id }, data: { promisedAt: new Date(Date.now() - 60_000) } });
    await ctx.db.order.update({ where: { id: onTime.id }, data: { promisedAt: new Date(Date.now() + 600_000) } });
    // The late order is the oldest of all, so newest-first alone would put it on the last page.
    const first = await board('?limit=2&page=1');
    expect(first.orders.map((o) => o._id)).toEqual([late.id, before.orders[0]!._id]);
    const all = await board('?limit=200');
    expect(all.orders.map((o) => o._id)).toEqual([late.id, ...before.orders.map((o) => o._id), onTime.id]);
    await ctx.db.order.deleteMany({ where: { id: { in: [late.id, onTime.id] } } });
  });

  it('answers an unknown status filter with 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/order/seller?status=Shipped', headers: { cookie } });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/order/status', () => {
  it('moves an order forward, recording the seller in its history, bumping its version and announcing the change', async () => {
    const order = await codOrder();
    await ctx.db.outboxEvent.deleteMany({ where: { type: 'order.status_changed' } });
    const res = await update({ orderId: order._id, status: 'On The Way' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Order status updated', order: { _id: order._id, status: 'On The Way', version: order.version + 1 } });
    expect(res.json().order.history.at(-1)).toMatchObject({ from: 'Order Placed', to: 'On The Way', actor: 'seller', isPaid: null });

    const stored = await row(order._id);
    expect(stored.history.at(-1)).toMatchObject({ actorType: 'SELLER', actorId: expect.any(String) });
    expect(await outboxEvents(ctx, 'order.status_changed')).toEqual([
      // The order as the change left it, the one the seller was answered: announcing it needs no read.
      { orderId: order._id, userId: shopper.user._id, from: 'Order Placed', to: 'On The Way', isPaid: false, version: order.version + 1, order: res.json().order },
    ]);
    // The shopper's own view shows the same order, changed.
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } });
    expect(mine.json().orders.find((o: OrderDto) => o._id === order._id)).toMatchObject({ status: 'On The Way', version: order.version + 1 });
  });

  it('lets an order skip ahead from Order Placed to Delivered', async () => {
    const order = await codOrder();
    const res = await update({ orderId: order._id, status: 'Delivered' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('Delivered');
  });

  it('refuses a backward move with 409 and a message, changing nothing', async () => {
    const order = await codOrder();
    await update({ orderId: order._id, status: 'On The Way' });
    const before = await row(order._id);
    const res = await update({ orderId: order._id, status: 'Order Placed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'Order cannot move from On The Way to Order Placed' });
    const after = await row(order._id);
    expect(after.version).toBe(before.version);
    expect(after.history).toHaveLength(before.history.length);

    await update({ orderId: order._id, status: 'Delivered' });
    expect((await update({ orderId: order._id, status: 'On The Way' })).statusCode).toBe(409);
  });

  it('records cash collected on a COD order, and lets the seller undo a mistaken tick', async () => {
    const order = await codOrder();
    const paid = await update({ orderId: order._id, isPaid: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({ isPaid: true, status: 'Order Placed' });
    expect(paid.json().order.history.at(-1)).toMatchObject({ from: 'Order Placed', to: 'Order Placed', isPaid: true, actor: 'seller' });
    const undone = await update({ orderId: order._id, isPaid: false });
    expect(undone.json().order.isPaid).toBe(false);
  });

  it('takes status and isPaid together, as the seller board sends them', async () => {
    const order = await codOrder();
    const res = await update({ orderId: order._id, status: 'Delivered', isPaid: true });
    expect(res.json().order).toMatchObject({ status: 'Delivered', isPaid: true, version: order.version + 1 });
  });

  it('never unpays a paid online order (409)', async () => {
    const order = await onlineOrder(DbOrderStatus.ORDER_PLACED, true);
    const res = await update({ orderId: order.id, isPaid: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A paid online order cannot be marked unpaid');
    expect((await row(order.id)).isPaid).toBe(true);
  });

  it('leaves a Pending online order to the payment flow (409)', async () => {
    const order = await onlineOrder(DbOrderStatus.PENDING, false);
    for (const payload of [{ status: 'Order Placed' }, { isPaid: true }]) {
      const res = await update({ orderId: order.id, ...payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/waiting for its online payment/);
    }
    expect((await row(order.id)).status).toBe(DbOrderStatus.PENDING);
  });

  it('refuses to change a cancelled order (409)', async () => {
    const order = await onlineOrder(DbOrderStatus.CANCELLED, false);
    const res = await update({ orderId: order.id, status: 'Delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Order cannot move from Cancelled to Delivered');
  });

  it('changes nothing when the order is already as asked', async () => {
    const order = await codOrder();
    const res = await update({ orderId: order._id, status: 'Order Placed', isPaid: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.version).toBe(order.version);
  });

  it('answers bad input with 400', async () => {
    const order = await codOrder();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ orderId: order._id }, /Give a status or isPaid to change/],
      [{ orderId: order._id, status: 'Cancelled' }, /Please give a reason for cancelling/],
      [{ orderId: order._id, status: 'Cancelled', reason: 'x'.repeat(201) }, /Reason is too long/],
      [{ orderId: order._id, status: 'Pending' }, /Status must be one of Order Placed, On The Way, Delivered, Cancelled/],
      [{ orderId: order._id, isPaid: 'yes' }, /isPaid must be true or false/],
      [{ orderId: 'OD123', status: 'Delivered' }, /valid id/],
      [{ orderId: order._id, status: 'Delivered', userId: 'x' }, /userId/],
    ];
    for (const [payload, message] of cases) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers an unknown order with 404', async () => {
    const res = await update({ orderId: randomUUID(), status: 'Delivered' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found');
  });

  it('is 401 for the shopper who owns the order', async () => {
    const order = await codOrder();
    expect((await update({ orderId: order._id, status: 'Delivered' }, { cookie: shopper.cookie })).statusCode).toBe(401);
    const stranger = await shopperCookie(ctx);
    expect((await update({ orderId: order._id, status: 'Delivered' }, { cookie: stranger.cookie })).statusCode).toBe(401);
    expect((await row(order._id)).status).toBe(DbOrderStatus.ORDER_PLACED);
  });
});
