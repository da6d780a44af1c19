import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/orders';
import { OrderStatus } from '../../../core/domain/order-status';
import { orderInclude, toOrderDto } from '../../../core/modules/orders/order-mapper';
import { announcement, planChange } from '../../../core/modules/orders/order-transitions';
import { createSellerOrderRepository } from '../../../core/modules/orders/seller-order-repository';
import { poolOf } from '../../../core/infra/prisma';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { loginSeller, operatorStoreId, outboxEvents } from '../../helpers/seller-factories';

/**
 * A seller's move is read and written in two statements on one connection, without a transaction
 * (order-statements.ts): what it answers and announces must be the order exactly as the database then holds it, and a
 * write that lost a race to another change must change nothing.
 */
let ctx: TestContext;
let cookie: string;
let sellerId: string;
let shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
let productId: string;
beforeAll(async () => {
  ctx = await buildTestContext();
  cookie = await loginSeller(ctx);
  sellerId = await operatorStoreId(ctx);
  shopper = await shopperWithAddress(ctx.app);
  productId = (await createProduct(ctx.db, { name: 'Basmati Rice', offerPricePaise: 21_000, sellerId })).id;
});
afterAll(() => ctx.close());

const codOrder = () => placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: productId, quantity: 1 }], address: shopper.address._id });
const update = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie }, payload });
const stored = async (id: string) => toOrderDto(await ctx.db.order.findUniqueOrThrow({ where: { id }, include: orderInclude }));
const announced = async (orderId: string) =>
  (await outboxEvents(ctx, 'order.status_changed')).filter((e) => e.orderId === orderId).map((e) => e.order as OrderDto);

describe("a seller's move in two statements", () => {
  it('answers and announces the order exactly as the database holds it afterwards', async () => {
    const order = await codOrder();
    const onTheWay = await update({ orderId: order._id, status: OrderStatus.OnTheWay, etaMinutes: 25 });
    expect(onTheWay.statusCode).toBe(200);
    expect(onTheWay.json().order).toEqual(await stored(order._id));
    const paid = await update({ orderId: order._id, isPaid: true });
    expect(paid.json().order).toEqual(await stored(order._id));

    const events = await announced(order._id);
    expect(events.map((e) => [e.status, e.isPaid, e.version])).toEqual([
      [OrderStatus.OnTheWay, false, 2],
      [OrderStatus.OnTheWay, true, 3],
    ]);
    expect(events.at(-1)).toEqual(await stored(order._id));
  });

  it("shows each order on the board's page exactly as the database holds it", async () => {
    const order = await codOrder();
    await update({ orderId: order._id, status: OrderStatus.OnTheWay, etaMinutes: 30 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/order/seller?limit=50', headers: { cookie } });
    const shown = (res.json() as { orders: OrderDto[] }).orders;
    expect(shown.length).toBeGreaterThan(1);
    for (const o of shown) expect(o).toEqual(await stored(o._id));
  });

  it('writes nothing when the order changed between its read and its write', async () => {
    const order = await codOrder();
    const repo = createSellerOrderRepository(ctx.db);
    await repo.moving(async (move) => {
      const read = (await move.find(order._id))!;
      const change = planChange(read, { orderId: order._id, sellerId, to: OrderStatus.OnTheWay, actor: { type: 'seller', id: sellerId } })!;
      const other = planChange(read, { orderId: order._id, sellerId, to: OrderStatus.Delivered, actor: { type: 'seller', id: sellerId } })!;

      // Another move, on a connection of its own, lands between this one's read and its write.
      expect(await repo.moving((elsewhere) => elsewhere.apply(other, announcement(other)))).toBe(true);
      // Read at version 1, and the order is at 2 now: the late write is refused whole.
      expect(await move.apply(change, announcement(change))).toBe(false);
    });

    const now = await stored(order._id);
    expect(now).toMatchObject({ status: OrderStatus.Delivered, version: 2 });
    expect(now.history.map((h) => h.to)).toEqual([OrderStatus.OrderPlaced, OrderStatus.Delivered]);
    expect((await announced(order._id)).map((e) => e.status)).toEqual([OrderStatus.Delivered]);
  });

  it('reads and writes on one connection of the board lane, taking none the checkouts share', async () => {
    const order = await codOrder();
    await update({ orderId: order._id, isPaid: false }); // the seller's session is looked up and cached
    const taken = { shared: 0, board: 0 };
    const counters = (['shared', 'board'] as const).map((lane) => {
      const count = () => void taken[lane]++;
      poolOf(ctx.db, lane)!.on('acquire', count);
      return () => poolOf(ctx.db, lane)!.off('acquire', count);
    });
    try {
      const moved = await update({ orderId: order._id, status: OrderStatus.OnTheWay });
      expect(moved.json().order).toMatchObject({ status: OrderStatus.OnTheWay, version: 2 });
    } finally {
      for (const stop of counters) stop();
    }
    expect(taken).toEqual({ shared: 0, board: 1 });
  });

  it('applies one of many identical moves sent at once, and answers every one with the order', async () => {
    const order = await codOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => update({ orderId: order._id, status: OrderStatus.OnTheWay })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    for (const answer of answers) expect(answer.json().order).toMatchObject({ status: OrderStatus.OnTheWay, version: 2 });

    const now = await stored(order._id);
    expect(now.history.map((h) => h.to)).toEqual([OrderStatus.OrderPlaced, OrderStatus.OnTheWay]);
    expect(await announced(order._id)).toHaveLength(1);
  });

  it('keeps racing moves in the order they apply: each one reads what the one before it left', async () => {
    const order = await codOrder();
    const [first, second] = await Promise.all([
      update({ orderId: order._id, status: OrderStatus.OnTheWay }),
      update({ orderId: order._id, isPaid: true }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const now = await stored(order._id);
    expect(now).toMatchObject({ status: OrderStatus.OnTheWay, isPaid: true, version: 3 });
    const events = await announced(order._id);
    expect(events.map((e) => e.version)).toEqual([2, 3]);
    expect(events.at(-1)).toEqual(now);
  });
});
