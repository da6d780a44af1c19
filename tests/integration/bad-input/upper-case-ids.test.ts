import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, shopperWithAddress } from '../../helpers/factories';
import { createOnlineOrder, postPayAgain } from '../../helpers/payment-flows';
import { addProduct, loginSeller, outboxEvents } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

// A UUID is valid in either case, but ids are stored, compared and announced in lower case: the request schemas
// lower-case every id they accept, so an upper-case one behaves exactly like its lower-case form.
describe('ids sent in upper case', () => {
  let ctx: TestContext;
  let seller: string;
  beforeAll(async () => {
    ctx = await buildTestContext();
    seller = await loginSeller(ctx);
  });
  afterAll(() => ctx.close());

  it("POST /api/order/:id/pay opens Checkout again for the shopper's own Pending order", async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db);
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });

    const again = await postPayAgain(ctx.app, shopper.cookie, checkout.dbOrderId.toUpperCase());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ success: true, order: { id: checkout.order.id }, dbOrderId: checkout.dbOrderId });
  });

  it('DELETE /api/product/:id/delete announces the removal under the id clients hold', async () => {
    const product = await addProduct(ctx, seller);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product._id.toUpperCase()}/delete`, headers: { cookie: seller } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outboxEvents(ctx, 'product.removed')).toEqual([{ productId: product._id }]);
  });

  it("PUT /api/admin/sellers/:id/status announces the new standing to the store's own id", async () => {
    const store = await storeWithSession(ctx, { status: 'PENDING' });
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/admin/sellers/${store.sellerId.toUpperCase()}/status`, headers: { cookie: seller }, payload: { status: 'approved' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seller.id).toBe(store.sellerId);
    expect(await outboxEvents(ctx, 'store.status_changed')).toEqual([expect.objectContaining({ sellerId: store.sellerId })]);
  });
});
