import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbOrderStatus } from '../../../core/modules/orders/order-enums';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';
import { insertOrderRow } from '../../helpers/order-rows';
import { loginSeller, operatorStoreId, shopperCookie } from '../../helpers/seller-factories';
import { storeWithSession } from '../../helpers/store-helpers';

describe('operator calls', () => {
  let ctx: TestContext;
  let operator: string;
  let operatorId: string;
  let store: Awaited<ReturnType<typeof storeWithSession>>;

  beforeAll(async () => {
    ctx = await buildTestContext();
    operator = await loginSeller(ctx);
    operatorId = await operatorStoreId(ctx);
    store = await storeWithSession(ctx, { storeName: 'Green Basket' });
  });
  afterAll(() => ctx.close());

  const call = (cookie: string | undefined, method: 'GET' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const setStatus = (id: string, body: object, cookie = operator) => call(cookie, 'PUT', `/api/admin/sellers/${id}/status`, body);

  describe('who may call', () => {
    const routes: ['GET' | 'PUT', string, object?][] = [
      ['GET', '/api/admin/sellers'],
      ['PUT', '/api/admin/sellers/00000000-0000-4000-8000-000000000000/status', { status: 'approved' }],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/totals?from=2026-11-01&to=2026-12-01'],
    ];
    it.each(routes)('%s %s is 401 without a seller session and 403 for a store that is not the operator', async (method, url, body) => {
      expect((await call(undefined, method, url, body)).statusCode).toBe(401);
      const shopper = await shopperCookie(ctx);
      expect((await call(shopper.cookie, method, url, body)).statusCode).toBe(401);
      const refused = await call(store.cookie, method, url, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, message: 'Only the FreshCart operator can do this' });
    });
  });

  describe('stores and their standing', () => {
    it('lists the stores, filtered by status', async () => {
      const pending = await storeWithSession(ctx, { storeName: 'Fresh Pending', status: 'PENDING' });
      const all = (await call(operator, 'GET', '/api/admin/sellers')).json();
      expect(all.sellers.map((s: { storeName: string }) => s.storeName)).toEqual(expect.arrayContaining(['FreshCart', 'Green Basket', 'Fresh Pending']));
      const onlyPending = (await call(operator, 'GET', '/api/admin/sellers?status=pending')).json();
      expect(onlyPending.sellers.map((s: { id: string }) => s.id)).toEqual([pending.sellerId]);
      expect(onlyPending.sellers[0]).toMatchObject({ status: 'pending', isOperator: false, email: pending.store.email });
      expect((await call(operator, 'GET', '/api/admin/sellers?status=closed')).statusCode).toBe(400);
    });

    it('walks the allowed transitions and refuses the others with 409, changing nothing', async () => {
      const s = await storeWithSession(ctx, { status: 'PENDING' });
      const status = async () => (await ctx.db.seller.findUniqueOrThrow({ where: { id: s.sellerId } })).status;

      expect((await setStatus(s.sellerId, { status: 'suspended' })).statusCode).toBe(409);
      expect(await status()).toBe('PENDING');

      const rejected = await setStatus(s.sellerId, { status: 'rejected', reason: 'The FSSAI licence number is missing' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().seller).toMatchObject({ status: 'rejected', statusReason: 'The FSSAI licence number is missing' });
      expect((await setStatus(s.sellerId, { status: 'suspended' })).statusCode).toBe(409);

      const approved = await setStatus(s.sellerId, { status: 'approved' });
      expect(approved.json().seller).toMatchObject({ status: 'approved', statusReason: null });
      expect((await setStatus(s.sellerId, { status: 'approved' })).statusCode).toBe(409);
      expect((await setStatus(s.sellerId, { status: 'rejected', reason: 'too late' })).statusCode).toBe(409);

      const suspended = await setStatus(s.sellerId, { status: 'suspended', reason: 'Expired stock was delivered' });
      expect(suspended.json().seller).toMatchObject({ status: 'suspended', statusReason: 'Expired stock was delivered' });
      expect((await setStatus(s.sellerId, { status: 'approved' })).json().seller.status).toBe('approved');
      // Each decision is announced to the store's pages and the operator's.
      expect(await ctx.db.outboxEvent.count({ where: { type: 'store.status_changed', payload: { path: ['sellerId'], equals: s.sellerId } } })).toBe(4);
    });

    it('needs a reason to reject, and refuses to suspend the operator’s own store', async () => {
      const s = await storeWithSession(ctx, { status: 'PENDING' });
      const noReason = await setStatus(s.sellerId, { status: 'rejected' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toMatch(/reason/);
      const own = await setStatus(operatorId, { status: 'suspended', reason: 'testing' });
      expect(own.statusCode).toBe(409);
      expect((await ctx.db.seller.findUniqueOrThrow({ where: { id: operatorId } })).status).toBe('APPROVED');
      expect((await setStatus('00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
    });
  });

  describe('orders and totals across stores', () => {
    let dairy: string;
    let greens: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      dairy = (await storeWithSession(ctx, { storeName: 'Daily Dairy' })).sellerId;
      greens = store.sellerId;
      const shopper = await shopperCookie(ctx);
      const productD = await createProduct(ctx.db, { sellerId: dairy });
      const productG = await createProduct(ctx.db, { sellerId: greens });
      const at = (iso: string) => new Date(iso);
      const order = (key: string, seed: Omit<Parameters<typeof insertOrderRow>[1], 'userId'>) =>
        insertOrderRow(ctx.db, { userId: shopper.userId, ...seed }).then((o) => (ids[key] = o.id));
      // November 2026, India time. Daily Dairy: 3 × ₹40 + ₹5 fee, 1 × ₹250 (no fee), and a cancelled 4 × ₹10.
      await order('d1', { sellerId: dairy, productId: productD.id, unitPricePaise: 4000, quantity: 3, feePaise: 500, createdAt: at('2026-11-03T10:00:00+05:30') });
      await order('d2', { sellerId: dairy, productId: productD.id, unitPricePaise: 25000, quantity: 1, feePaise: 0, createdAt: at('2026-11-20T18:30:00+05:30'), status: DbOrderStatus.DELIVERED });
      await order('d3', { sellerId: dairy, productId: productD.id, unitPricePaise: 1000, quantity: 4, feePaise: 0, createdAt: at('2026-11-21T09:00:00+05:30'), status: DbOrderStatus.CANCELLED });
      // Green Basket: 2 × ₹45.50 + ₹2 fee in November, refunded ₹93 (processed) and ₹10 (still pending).
      await order('g1', { sellerId: greens, productId: productG.id, unitPricePaise: 4550, quantity: 2, feePaise: 200, createdAt: at('2026-11-15T12:00:00+05:30') });
      // Outside the period: the last minute of October and the first of December, India time.
      await order('g0', { sellerId: greens, productId: productG.id, createdAt: at('2026-10-31T23:59:00+05:30') });
      await order('g2', { sellerId: greens, productId: productG.id, createdAt: at('2026-12-01T00:00:00+05:30') });
      const checkout = (await ctx.db.order.findUniqueOrThrow({ where: { id: ids.g1 } })).checkoutId;
      const payment = await ctx.db.payment.create({ data: { checkoutId: checkout, gateway: 'simulated', gatewayOrderId: `order_${ids.g1}`, amountPaise: 9300, status: 'CAPTURED' } });
      await ctx.db.refund.create({ data: { orderId: ids.g1!, paymentId: payment.id, gatewayPaymentId: 'pay_1', amountPaise: 9300, status: 'PROCESSED', reason: 'Cancelled' } });
      await ctx.db.refund.create({ data: { orderId: ids.g1!, paymentId: payment.id, gatewayPaymentId: 'pay_2', amountPaise: 1000, status: 'PENDING', reason: 'Second payment' } });
    });

    it('lists every store’s orders newest first, filtered by store and status', async () => {
      const all = (await call(operator, 'GET', '/api/admin/orders')).json();
      expect(all.orders.map((o: { _id: string }) => o._id)).toEqual([ids.g2, ids.d3, ids.d2, ids.g1, ids.d1, ids.g0]);
      expect(all).toMatchObject({ total: 6, page: 1, limit: 50 });
      const dairyOnly = (await call(operator, 'GET', `/api/admin/orders?seller=${dairy}`)).json();
      expect(dairyOnly.orders.map((o: { _id: string }) => o._id)).toEqual([ids.d3, ids.d2, ids.d1]);
      expect(dairyOnly.orders[0].seller).toEqual({ id: dairy, storeName: 'Daily Dairy' });
      const delivered = (await call(operator, 'GET', `/api/admin/orders?status=Delivered`)).json();
      expect(delivered.orders.map((o: { _id: string }) => o._id)).toEqual([ids.d2]);
      const paged = (await call(operator, 'GET', '/api/admin/orders?limit=2&page=2')).json();
      expect(paged.orders.map((o: { _id: string }) => o._id)).toEqual([ids.d2, ids.g1]);
      expect((await call(operator, 'GET', '/api/admin/orders?seller=not-an-id')).statusCode).toBe(400);
    });

    it('adds up each store’s period: orders placed, and units, gross and processed refunds of those not cancelled', async () => {
      const res = await call(operator, 'GET', '/api/admin/totals?from=2026-11-01&to=2026-12-01');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, from: '2026-10-31T18:30:00.000Z', to: '2026-11-30T18:30:00.000Z' });
      const of = (id: string) => body.stores.find((s: { store: { id: string } }) => s.store.id === id);
      // Daily Dairy: 3 orders; not cancelled: 3 + 1 = 4 units, (120 + 5) + 250 = ₹375; no refunds.
      expect(of(dairy)).toEqual({ store: { id: dairy, storeName: 'Daily Dairy' }, orders: 3, units: 4, gross: 375, refunds: 0 });
      // Green Basket: 1 order in the period, 2 units, 91 + 2 = ₹93, ₹93 refunded (the pending ₹10 is not counted).
      expect(of(greens)).toEqual({ store: { id: greens, storeName: 'Green Basket' }, orders: 1, units: 2, gross: 93, refunds: 93 });
      // The operator's store sold nothing: listed with zeros.
      expect(of(operatorId)).toEqual({ store: { id: operatorId, storeName: 'FreshCart' }, orders: 0, units: 0, gross: 0, refunds: 0 });
    });

    it('takes exact times too, and refuses a period that ends before it starts', async () => {
      const res = await call(operator, 'GET', '/api/admin/totals?from=2026-11-20T00:00:00%2B05:30&to=2026-11-21T00:00:00%2B05:30');
      const body = res.json();
      expect(body.stores.find((s: { store: { id: string } }) => s.store.id === dairy)).toMatchObject({ orders: 1, units: 1, gross: 250 });
      expect((await call(operator, 'GET', '/api/admin/totals?from=2026-12-01&to=2026-11-01')).statusCode).toBe(400);
      const yesterday = await call(operator, 'GET', '/api/admin/totals?from=yesterday&to=2026-11-01');
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json().message).toBe('from: must be a date (2026-11-01) or a date and time with its offset (2026-11-01T09:30:00+05:30)');
    });

    it('refuses dates outside the years 2000 to 2100 with a 400, and takes the years at either end', async () => {
      for (const query of ['from=0001-01-01&to=2026-01-01', 'from=2026-01-01&to=9999-12-31', 'from=1999-12-31T23:00:00Z&to=2026-01-01', 'from=2026-01-01&to=2101-01-01']) {
        const res = await call(operator, 'GET', `/api/admin/totals?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'invalid_request', message: expect.stringContaining('Dates must be in the years 2000 to 2100') });
      }
      const widest = await call(operator, 'GET', '/api/admin/totals?from=2000-01-01&to=2100-12-31T23:59:59-23:59');
      expect(widest.statusCode, widest.body).toBe(200);
      expect(widest.json().stores.find((s: { store: { id: string } }) => s.store.id === dairy)).toMatchObject({ orders: 3 });
    });

    it("shows the operator's seller area its own store's orders only", async () => {
      const board = (await call(operator, 'GET', '/api/order/seller')).json();
      expect(board.orders).toEqual([]);
    });
  });
});
