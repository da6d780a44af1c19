import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { openSocket, sleep, startTestWorkers } from '../../helpers/live-helpers';
import { addProduct, loginSeller } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

/**
 * A product's version rises with every write to it, whoever makes it, and live product messages carry it, so a page
 * keeps the newest of two announcements that overtook each other (the client side is in the unit tests).
 */
describe('product versions', () => {
  let ctx: TestContext;
  let operator: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    operator = await loginSeller(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const versionOf = async (id: string) => (await ctx.db.product.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;
  const setStatus = (sellerId: string, status: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/sellers/${sellerId}/status`, headers: { cookie: operator }, payload: { status, reason: 'Checks' } });

  it('rises with a seller’s edit and stock switch, a checkout, a cancellation and a delete, and is in every answer', async () => {
    const product = await addProduct(ctx, operator, { name: 'Versioned Guava', stock: 10 });
    expect(await versionOf(product._id)).toBe(0);
    expect((await ctx.app.inject(`/api/product/${product._id}`)).json().product.version).toBe(0);

    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/product/${product._id}`, headers: { cookie: operator }, payload: { offerPrice: 30, price: 40 } });
    expect(edited.json().product.version).toBe(1);
    const off = await ctx.app.inject({ method: 'POST', url: '/api/product/stock', headers: { cookie: operator }, payload: { id: product._id, inStock: false } });
    expect(off.json().product).toMatchObject({ inStock: false, version: 2 });
    await ctx.app.inject({ method: 'POST', url: '/api/product/stock', headers: { cookie: operator }, payload: { id: product._id, inStock: true } });
    expect(await versionOf(product._id)).toBe(3);

    // The checkout's own statement takes the units: the version follows it too.
    const shopper = await shopperWithAddress(ctx.app);
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product._id, quantity: 2 }], address: shopper.address._id });
    expect(await versionOf(product._id)).toBe(4);
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/order/${order._id}/cancel`, headers: { cookie: shopper.cookie }, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product._id } })).toMatchObject({ stockQuantity: 10, version: 5 });

    await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product._id}/delete`, headers: { cookie: operator } });
    expect(await versionOf(product._id)).toBe(6);
  });

  it('rises for each product a store puts up or takes down by a change of standing, and not for its deleted ones', async () => {
    const store = await storeWithSession(ctx, { storeName: 'Versions Store' });
    const [p1, p2] = [await createProduct(ctx.db, { sellerId: store.sellerId }), await createProduct(ctx.db, { sellerId: store.sellerId })];
    const gone = await createProduct(ctx.db, { sellerId: store.sellerId, deletedAt: new Date() });

    expect((await setStatus(store.sellerId, 'suspended')).statusCode).toBe(200);
    expect([await versionOf(p1.id), await versionOf(p2.id), await versionOf(gone.id)]).toEqual([1, 1, 0]);
    expect((await setStatus(store.sellerId, 'approved')).statusCode).toBe(200);
    expect([await versionOf(p1.id), await versionOf(p2.id), await versionOf(gone.id)]).toEqual([2, 2, 0]);
  });

  it('is what the workers announce: a removal handled after its store sells again announces the product as it is now', async () => {
    const baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
    const store = await storeWithSession(ctx, { storeName: 'Back Soon' });
    const product = await createProduct(ctx.db, { sellerId: store.sellerId });
    const visitor = await openSocket(baseUrl);

    // Suspended and approved again before any worker runs: the removal's job and the return's job are both handled
    // after the approval, in whichever order.
    await setStatus(store.sellerId, 'suspended');
    await setStatus(store.sellerId, 'approved');
    const stopWorkers = await startTestWorkers(ctx);
    try {
      const about = (m: WsMessage) => (m.type === 'product.updated' && m.product._id === product.id) || (m.type === 'product.removed' && m.productId === product.id);
      await expect.poll(() => visitor.messages.filter(about).length, { timeout: 10_000 }).toBe(2);
      await sleep(100);
      const heard = visitor.messages.filter(about);
      expect(heard).toHaveLength(2);
      expect(heard.every((m) => m.type === 'product.updated' && m.product.version === 2)).toBe(true);
    } finally {
      visitor.close();
      await stopWorkers();
    }
  });
});
