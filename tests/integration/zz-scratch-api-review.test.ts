import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestContext, type TestContext } from '../helpers/build-app';
import { addressInput, createProduct, createStore, shopperWithAddress, placeCodOrder } from '../helpers/factories';
import { loginSeller } from '../helpers/seller-factories';
import { storeWithSession } from '../helpers/store-helpers';

describe('scratch', () => {
  let ctx: TestContext;
  beforeAll(async () => { ctx = await buildTestContext(); });
  afterAll(() => ctx.close());
  const show = (label: string, res: { statusCode: number; body: string }) => console.log(`### ${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`);

  it('probes', async () => {
    const app = ctx.app;
    const shopper = await shopperWithAddress(app);
    const j = (payload: string) => ({ cookie: shopper.cookie, 'content-type': 'application/json' });
    show('proto', await app.inject({ method: 'POST', url: '/api/cart/update', headers: j(''), payload: '{"cartItems":{},"__proto__":{"x":1}}' }));
    show('constructor', await app.inject({ method: 'POST', url: '/api/cart/update', headers: j(''), payload: '{"cartItems":{"constructor":{"prototype":{"x":1}}}}' }));
    show('json charset', await app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie, 'content-type': 'application/json; charset=latin1' }, payload: '{"cartItems":{}}' }));
    show('vnd json', await app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie, 'content-type': 'application/vnd.api+json' }, payload: '{"cartItems":{}}' }));
    show('no ct', await app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie }, payload: Buffer.from('{"cartItems":{}}') }));
    show('cancel no body', await app.inject({ method: 'POST', url: `/api/order/${randomUUID()}/cancel`, headers: { cookie: shopper.cookie } }));
    show('cancel no body json ct', await app.inject({ method: 'POST', url: `/api/order/${randomUUID()}/cancel`, headers: { cookie: shopper.cookie, 'content-type': 'application/json' } }));
    show('cancel null body', await app.inject({ method: 'POST', url: `/api/order/${randomUUID()}/cancel`, headers: { cookie: shopper.cookie, 'content-type': 'application/json' }, payload: 'null' }));
    show('delete with body', await app.inject({ method: 'DELETE', url: `/api/address/${shopper.address._id}`, headers: { cookie: shopper.cookie, 'content-type': 'application/json' }, payload: '{}' }));
    show('delete upper id', await app.inject({ method: 'DELETE', url: `/api/address/${randomUUID().toUpperCase()}`, headers: { cookie: shopper.cookie } }));
    // other stores
    const a = await storeWithSession(ctx);
    const b = await storeWithSession(ctx);
    const pb = await createProduct(ctx.db, { sellerId: b.sellerId, stockQuantity: 10 });
    const addr = await app.inject({ method: 'POST', url: '/api/address/add', headers: { cookie: shopper.cookie }, payload: { address: addressInput() } });
    const order = await placeCodOrder(app, shopper.cookie, { items: [{ product: pb.id, quantity: 1 }], address: addr.json().address._id });
    show('A moves B order', await app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: a.cookie }, payload: { orderId: order._id, status: 'Delivered' } }));
    show('A patches B product', await app.inject({ method: 'PATCH', url: `/api/product/${pb.id}`, headers: { cookie: a.cookie }, payload: { stock: 1 } }));
    show('A stock B product', await app.inject({ method: 'POST', url: `/api/product/stock`, headers: { cookie: a.cookie }, payload: { id: pb.id, inStock: false } }));
    show('A deletes B product', await app.inject({ method: 'DELETE', url: `/api/product/${pb.id}/delete`, headers: { cookie: a.cookie } }));
    show('A admin', await app.inject({ method: 'GET', url: `/api/admin/orders`, headers: { cookie: a.cookie } }));
    show('A board', await app.inject({ method: 'GET', url: `/api/order/seller`, headers: { cookie: a.cookie } }));
    show('B board', await app.inject({ method: 'GET', url: `/api/order/seller?status=Order%20Placed`, headers: { cookie: b.cookie } }));
    const other = await shopperWithAddress(app);
    show('other cancels', await app.inject({ method: 'POST', url: `/api/order/${order._id}/cancel`, headers: { cookie: other.cookie, 'content-type': 'application/json' }, payload: '{}' }));
    show('other pays', await app.inject({ method: 'POST', url: `/api/order/${order._id}/pay`, headers: { cookie: other.cookie, 'content-type': 'application/json' }, payload: '{}' }));
    show('other uses addr', await app.inject({ method: 'POST', url: `/api/order/cod`, headers: { cookie: other.cookie }, payload: { items: [{ product: pb.id, quantity: 1 }], address: shopper.address._id } }));
    show('other updates addr', await app.inject({ method: 'PUT', url: `/api/address/update/${shopper.address._id}`, headers: { cookie: other.cookie }, payload: { address: addressInput() } }));
    show('admin totals weird', await app.inject({ method: 'GET', url: `/api/admin/totals?from=2026-01-01&to=2026-01-01T00:00:00Z`, headers: { cookie: await loginSeller(ctx) } }));
    show('admin totals tz', await app.inject({ method: 'GET', url: `/api/admin/totals?from=2026-01-01T00:00:00+05:30&to=2027-01-01`, headers: { cookie: await loginSeller(ctx) } }));
  });
});
