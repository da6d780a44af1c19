import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createAddress, createProduct, registerUser, shopperWithAddress } from '../../helpers/factories';
import { openSocket, startLiveStack } from '../../helpers/live-helpers';
import { createOnlineOrder, decidedAttempts, failInTestCheckout, payInTestCheckout, postCreate, postPayAgain, postSimulatedCheckout, postVerify, waitFor } from '../../helpers/payment-flows';

/** The whole online payment in simulated mode (the default here): create → test checkout → verify → worker → live. */
describe('online payment with the simulated gateway', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    ctx = await buildTestContext();
    ({ baseUrl, stop: stopWorkers } = await startLiveStack(ctx));
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
  });

  const stockOf = async (id: string) => (await ctx.db.product.findUniqueOrThrow({ where: { id } })).stockQuantity;

  it('pays: Pending order with stock reserved → test checkout → verify → Order Placed and paid, live to the owner', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { offerPricePaise: 8_000, stockQuantity: 5 });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie: shopper.cookie }, payload: { cartItems: { [product.id]: 2 } } });
    const ws = await openSocket(baseUrl, { cookie: shopper.cookie });

    const createRes = await postCreate(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 2 }], address: shopper.address._id });
    expect(createRes.statusCode).toBe(201);
    const checkout = createRes.json();
    // ₹80 × 2 + ₹2 platform fee, in paise for Checkout.
    expect(checkout).toEqual({
      success: true,
      order: { id: expect.stringMatching(/^order_\w{14}$/), amount: 16_200, currency: 'INR' },
      dbOrderId: expect.any(String),
      checkoutId: expect.stringMatching(/^CK\d{6}[0-9A-Z]{6}$/),
      orderIds: [expect.any(String)],
      key: 'rzp_test_simulated',
      gateway: 'simulated',
      prefill: { name: 'Asha Verma', email: shopper.email, contact: '9876543210' },
      // Checkout closes two minutes before the 15-minute expiry.
      timeoutSeconds: expect.any(Number),
      expiresAt: expect.any(String),
    });
    expect(checkout.orderIds).toEqual([checkout.dbOrderId]);
    expect(checkout.timeoutSeconds).toBeGreaterThan(770);
    expect(checkout.timeoutSeconds).toBeLessThanOrEqual(780);
    const pending = await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId }, include: { checkout: { include: { payments: true } } } });
    expect(pending).toMatchObject({ status: 'PENDING', paymentType: 'ONLINE', isPaid: false, amountPaise: 16_200, userId: shopper.user._id });
    expect(pending.expiresAt!.toISOString()).toBe(checkout.expiresAt);
    expect(pending.expiresAt!.getTime() - pending.createdAt.getTime()).toBe(15 * 60_000);
    expect(pending.checkout.payments).toEqual([expect.objectContaining({ gateway: 'simulated', gatewayOrderId: checkout.order.id, status: 'CREATED', amountPaise: 16_200 })]);
    expect(await stockOf(product.id)).toBe(3);
    // The cart stays until the order is placed for good: a shopper who walks away from Checkout finds it again.
    expect(await ctx.db.cartItem.count({ where: { userId: shopper.user._id } })).toBe(1);

    const response = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    expect(response.razorpay_order_id).toBe(checkout.order.id);
    expect(response.razorpay_payment_id).toMatch(/^pay_\w{14}$/);
    // A real Razorpay signature: HMAC-SHA256(order_id|payment_id) with the key secret.
    const expected = createHmac('sha256', ctx.config.payments.keySecret).update(`${checkout.order.id}|${response.razorpay_payment_id}`).digest('hex');
    expect(response.razorpay_signature).toBe(expected);

    const verifyRes = await postVerify(ctx.app, shopper.cookie, { ...response, orderId: checkout.dbOrderId });
    expect(verifyRes.statusCode).toBe(200);
    // The gateway's webhooks arrive while the test checkout answers, so the worker may pay the order before the callback
    // comes (as a real webhook may beat the browser). Then the callback is answered as already confirmed and records
    // nothing, as there is nothing left to decide. Both orders are right; which one happened is a race.
    const callbackRecorded = verifyRes.json().message === 'Payment received, confirming…';
    if (!callbackRecorded) expect(verifyRes.json().message).toBe('Payment already confirmed');

    const updated = await ws.next((m) => m.type === 'order.updated' && m.order._id === checkout.dbOrderId && m.order.isPaid);
    expect(updated).toMatchObject({ order: { status: 'Order Placed', isPaid: true, refund: null, expiresAt: null, history: [{ to: 'Pending' }, { from: 'Pending', to: 'Order Placed', isPaid: true, actor: 'system' }] } });
    // The move and its history row carry one moment: the client tells the placing update from a later one by it.
    if (updated.type === 'order.updated') expect(updated.order.updatedAt).toBe(updated.order.history.at(-1)!.at);

    // The gateway's webhooks (payment.captured, order.paid) and the callback all went through one idempotent path.
    const paid = await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId }, include: { checkout: { include: { payments: true } }, history: true } });
    expect(paid).toMatchObject({ status: 'ORDER_PLACED', isPaid: true });
    expect(paid.history).toHaveLength(2);
    expect(paid.checkout.payments[0]).toMatchObject({ status: 'CAPTURED', gatewayPaymentId: response.razorpay_payment_id });
    // The order shows as paid as soon as one delivery is decided; wait for the worker to decide every recorded one.
    const sources = callbackRecorded ? ['checkout', 'webhook', 'webhook'] : ['webhook', 'webhook'];
    await decidedAttempts(ctx.db, response.razorpay_payment_id, sources.length);
    const attempts = await ctx.db.paymentAttempt.findMany({ where: { paymentId: paid.checkout.payments[0]!.id } });
    expect(attempts.map((a) => a.source).sort()).toEqual(sources);
    expect(attempts.every((a) => a.outcome !== null)).toBe(true);
    expect(await ctx.db.outboxEvent.count({ where: { type: 'payment.verified', payload: { path: ['orderId'], equals: checkout.dbOrderId } } })).toBe(1);
    expect(await stockOf(product.id)).toBe(3);
    expect(await ctx.db.cartItem.count({ where: { userId: shopper.user._id } })).toBe(0);
    ws.close();
  });

  it('a failed try (no signature, as Checkout sends none) leaves the order Pending with its stock; Pay now pays it', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 1 });
    const ws = await openSocket(baseUrl, { cookie: shopper.cookie });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    // The last unit is reserved: the product is out of stock while the payment is open.
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0, inStock: false });

    const { paymentId } = await failInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    // The gateway's payment.failed webhook tells the owner, in the spec's words.
    const failed = await ws.next((m) => m.type === 'payment.failed');
    expect(failed).toEqual({ type: 'payment.failed', orderId: checkout.dbOrderId, message: 'Payment failed. Please try again.' });
    expect((await decidedAttempts(ctx.db, paymentId))[0]).toMatchObject({ source: 'webhook', outcome: 'failed_attempt' });
    expect(await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId } })).toMatchObject({ status: 'PENDING', isPaid: false });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0 });
    expect(await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } })).toMatchObject({ status: 'FAILED' });

    // "Pay now": the same gateway order again, answered like razorpay/create.
    const again = await postPayAgain(ctx.app, shopper.cookie, checkout.dbOrderId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, order: { id: checkout.order.id, amount: checkout.order.amount, currency: 'INR' }, dbOrderId: checkout.dbOrderId, gateway: 'simulated', expiresAt: checkout.expiresAt });

    const response = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'success');
    await postVerify(ctx.app, shopper.cookie, { ...response, orderId: checkout.dbOrderId });
    const placed = await ws.next((m) => m.type === 'order.updated' && m.order._id === checkout.dbOrderId && m.order.isPaid);
    expect(placed).toMatchObject({ order: { status: 'Order Placed', history: [{ to: 'Pending' }, { from: 'Pending', to: 'Order Placed', actor: 'system' }] } });
    expect(await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } })).toMatchObject({ status: 'CAPTURED', gatewayPaymentId: response.razorpay_payment_id });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0 });

    // Paid: no more Pay now.
    const late = await postPayAgain(ctx.app, shopper.cookie, checkout.dbOrderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is no longer waiting for a payment');
    ws.close();
  });

  it('an authorized payment is captured by the worker, then the order is paid', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { stockQuantity: 2 });
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const response = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id, 'authorized');
    await waitFor(async () => (await ctx.db.order.findUniqueOrThrow({ where: { id: checkout.dbOrderId } })).isPaid, 'the authorized payment to be captured');
    expect(await ctx.services.paymentGateway.fetchPayment(response.razorpay_payment_id)).toMatchObject({ status: 'captured' });
    expect(await ctx.db.payment.findFirstOrThrow({ where: { checkout: { orders: { some: { id: checkout.dbOrderId } } } } })).toMatchObject({ status: 'CAPTURED', gatewayPaymentId: response.razorpay_payment_id });
    // Which delivery placed it (payment.authorized, or the payment.captured the capture sent) is a race; one of them did.
    await waitFor(async () => (await ctx.db.paymentAttempt.findMany({ where: { gatewayPaymentId: response.razorpay_payment_id } })).some((a) => a.outcome === 'paid'), 'the paying attempt to be recorded');
  });

  describe('POST /api/order/razorpay/create', () => {
    it('needs a session (401) and a valid body (400), and takes only the caller’s own address', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const other = await registerUser(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 3 });
      const body = { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id };
      expect((await postCreate(ctx.app, undefined, body)).statusCode).toBe(401);
      const empty = await postCreate(ctx.app, shopper.cookie, { ...body, items: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain('Your cart is empty');
      const foreign = await postCreate(ctx.app, other.cookie, body);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe('Please select an address');
      expect(await ctx.db.order.count({ where: { userId: { in: [shopper.user._id, other.user._id] } } })).toBe(0);
      expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 3 });
    });

    it('answers a double submit (same Idempotency-Key) with the same checkout: one order, one gateway order', async () => {
      const shopper = await shopperWithAddress(ctx.app);
      const product = await createProduct(ctx.db, { stockQuantity: 4 });
      const body = { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id };
      const first = await postCreate(ctx.app, shopper.cookie, body, { 'idempotency-key': 'checkout-key-0001' });
      const again = await postCreate(ctx.app, shopper.cookie, body, { 'idempotency-key': 'checkout-key-0001' });
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await ctx.db.payment.count({ where: { checkout: { userId: shopper.user._id } } })).toBe(1);
      expect(await stockOf(product.id)).toBe(3);
    });
  });

  describe('POST /api/payments/simulated/checkout', () => {
    it('pays only the caller’s own gateway order: 401 without a session, 404 for someone else’s, 400 for a bad outcome', async () => {
      const owner = await shopperWithAddress(ctx.app);
      const stranger = await registerUser(ctx.app);
      await createAddress(ctx.app, stranger.cookie);
      const product = await createProduct(ctx.db);
      const checkout = await createOnlineOrder(ctx.app, owner.cookie, { items: [{ product: product.id, quantity: 1 }], address: owner.address._id });

      expect((await postSimulatedCheckout(ctx.app, undefined, { gatewayOrderId: checkout.order.id, outcome: 'success' })).statusCode).toBe(401);
      const foreign = await postSimulatedCheckout(ctx.app, stranger.cookie, { gatewayOrderId: checkout.order.id, outcome: 'success' });
      expect(foreign.statusCode).toBe(404);
      expect((await postSimulatedCheckout(ctx.app, owner.cookie, { gatewayOrderId: checkout.order.id, outcome: 'maybe' })).statusCode).toBe(400);
      expect((await postSimulatedCheckout(ctx.app, owner.cookie, { gatewayOrderId: 'order_Unknown0000000', outcome: 'success' })).statusCode).toBe(404);
      // The stranger's call made no payment at the gateway.
      expect(await ctx.services.paymentGateway.fetchOrderPayments(checkout.order.id)).toEqual([]);
    });
  });

  it('POST /api/order/stripe answers 501: card payments are not offered', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/order/stripe', headers: { cookie: shopper.cookie }, payload: { items: [], address: shopper.address._id } });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ success: false, message: 'Card payments are not offered; choose Cash on Delivery or Online Payment' });
  });
});
