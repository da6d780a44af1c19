import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { openSocket, sleep, startTestWorkers } from '../../helpers/live-helpers';
import { addProduct, loginSeller, operatorStoreId } from '../../helpers/seller-factories';

/** The seller's changes reach open pages through the real pipeline: outbox → relay → BullMQ → worker → pub/sub → socket. */
describe('seller changes, live', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
    stopWorkers = await startTestWorkers(ctx);
    cookie = await loginSeller(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  const shopperListIds = async () =>
    (await ctx.app.inject('/api/product/list')).json().products.map((p: { _id: string }) => p._id) as string[];

  it('a new product, a stock flip and a delete reach a visitor\'s page, and the shopper list follows', async () => {
    const visitor = await openSocket(baseUrl);
    const product = await addProduct(ctx, cookie, { name: 'Live Guava' });
    const updated = (inStock: boolean) => (m: WsMessage) => m.type === 'product.updated' && m.product._id === product._id && m.product.inStock === inStock;

    expect(await visitor.next(updated(true))).toMatchObject({ product: { name: 'Live Guava' } });

    await ctx.app.inject({ method: 'POST', url: '/api/product/stock', headers: { cookie }, payload: { id: product._id, inStock: false } });
    await visitor.next(updated(false));
    expect(await shopperListIds()).not.toContain(product._id);

    await ctx.app.inject({ method: 'POST', url: '/api/product/stock', headers: { cookie }, payload: { id: product._id, inStock: true } });
    // Skip the first announcement (the product as added): wait for the one after the flip back.
    await expect.poll(() => visitor.messages.filter(updated(true)).length).toBe(2);
    expect(await shopperListIds()).toContain(product._id);

    await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product._id}/delete`, headers: { cookie } });
    await visitor.next((m) => m.type === 'product.removed' && m.productId === product._id);
    expect(await shopperListIds()).not.toContain(product._id);
    visitor.close();
  });

  it('a status update reaches the order\'s owner and the seller board, and no other shopper', async () => {
    const owner = await shopperWithAddress(ctx.app);
    const other = await shopperWithAddress(ctx.app);
    // The configured account is the operator, whose seller area moves its own store's orders.
    const product = await createProduct(ctx.db, { sellerId: await operatorStoreId(ctx) });
    const order = await placeCodOrder(ctx.app, owner.cookie, { items: [{ product: product.id, quantity: 1 }], address: owner.address._id });
    const [ownerWs, otherWs, sellerWs] = await Promise.all([
      openSocket(baseUrl, { cookie: owner.cookie }),
      openSocket(baseUrl, { cookie: other.cookie }),
      openSocket(baseUrl, { cookie }),
    ]);
    expect(sellerWs.messages[0]).toEqual({ type: 'hello', role: 'operator', pingEveryMs: 1_000 });

    const res = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie }, payload: { orderId: order._id, status: 'On The Way' } });
    expect(res.statusCode).toBe(200);
    const isUpdate = (m: WsMessage) => m.type === 'order.updated' && m.order._id === order._id && m.order.status === 'On The Way';
    const [toOwner, toSeller] = await Promise.all([ownerWs.next(isUpdate), sellerWs.next(isUpdate)]);
    expect(toOwner).toEqual(toSeller);
    expect(toOwner).toMatchObject({ order: { version: res.json().order.version, history: [{ to: 'Order Placed' }, { to: 'On The Way', actor: 'seller' }] } });
    await sleep(200);
    expect(otherWs.messages.filter(isUpdate)).toHaveLength(0);
    for (const ws of [ownerWs, otherWs, sellerWs]) ws.close();
  });
});
