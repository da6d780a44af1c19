import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OrderDto } from '../../core/contracts/http/orders';
import type { RazorpayCreateReply } from '../../core/contracts/http/payments';
import type { Db } from '../../core/infra/prisma';
import { sleep } from './live-helpers';

/** The online-payment calls as the browser makes them, and ways to wait for the payments worker's decisions. */

export type GatewayResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

export function postCreate(app: FastifyInstance, cookie: string | undefined, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/order/razorpay/create', headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: body });
}

/** Creates a Pending online order that must succeed, and returns the checkout the browser would open. */
export async function createOnlineOrder(app: FastifyInstance, cookie: string, order: { items: { product: string; quantity: number }[]; address: string }): Promise<RazorpayCreateReply> {
  const res = await postCreate(app, cookie, order);
  if (res.statusCode !== 201) throw new Error(`razorpay/create failed with ${res.statusCode}: ${res.body}`);
  return res.json();
}

export function postSimulatedCheckout(app: FastifyInstance, cookie: string | undefined, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payments/simulated/checkout', headers: cookie ? { cookie } : {}, payload: body });
}

/**
 * The simulated gateway's test checkout, as the test-mode modal calls it, for an outcome that reaches Checkout's
 * success handler (`success`, `authorized`, `pending`): the signed response the browser would send to verify.
 */
export async function payInTestCheckout(
  app: FastifyInstance,
  cookie: string,
  gatewayOrderId: string,
  outcome: 'success' | 'authorized' | 'pending' = 'success',
  refund?: 'processed' | 'failed',
): Promise<GatewayResponse> {
  const res = await postSimulatedCheckout(app, cookie, { gatewayOrderId, outcome, ...(refund ? { refund } : {}) });
  if (res.statusCode !== 200 || !res.json().response) throw new Error(`simulated checkout failed with ${res.statusCode}: ${res.body}`);
  return res.json().response;
}

/** A failed try in the test checkout: like real Checkout, no signature, only the failed payment's id. */
export async function failInTestCheckout(app: FastifyInstance, cookie: string, gatewayOrderId: string): Promise<{ paymentId: string }> {
  const res = await postSimulatedCheckout(app, cookie, { gatewayOrderId, outcome: 'failure' });
  if (res.statusCode !== 200 || !res.json().error) throw new Error(`simulated checkout did not fail: ${res.statusCode}: ${res.body}`);
  return { paymentId: res.json().paymentId };
}

/** The shopper asks to cancel their own order. */
export function postCancel(app: FastifyInstance, cookie: string | undefined, orderId: string, body?: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: cookie ? { cookie } : {}, ...(body ? { payload: body } : {}) });
}

/** "Pay now" on My Orders. */
export function postPayAgain(app: FastifyInstance, cookie: string | undefined, orderId: string) {
  return app.inject({ method: 'POST', url: `/api/order/${orderId}/pay`, headers: cookie ? { cookie } : {} });
}

export function postVerify(app: FastifyInstance, cookie: string | undefined, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/order/razorpay/verify', headers: cookie ? { cookie } : {}, payload: body });
}

export function postWebhook(app: FastifyInstance, delivery: { body: string; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: delivery.headers, payload: delivery.body });
}

/** Polls until `read` returns something truthy (the worker runs in the background). */
export async function waitFor<T>(read: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The worker writes every decision to the attempt's outcome: the signal that a submission has been handled. */
export function decidedAttempts(db: Db, gatewayPaymentId: string, count = 1) {
  return waitFor(async () => {
    const attempts = await db.paymentAttempt.findMany({ where: { gatewayPaymentId, outcome: { not: null } }, orderBy: { createdAt: 'asc' } });
    return attempts.length >= count ? attempts : null;
  }, `${count} decided attempt(s) for ${gatewayPaymentId}`);
}

/** Everything a payment could change about an order, to prove an attack changed none of it. */
export async function orderState(db: Db, orderId: string) {
  const order = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { items: { include: { product: { select: { stockQuantity: true, inStock: true } } } }, checkout: { include: { payments: true } }, history: true },
  });
  return {
    status: order.status,
    isPaid: order.isPaid,
    version: order.version,
    history: order.history.length,
    stock: order.items.map((i) => i.product.stockQuantity),
    payments: order.checkout.payments.map((p) => ({ status: p.status, gatewayPaymentId: p.gatewayPaymentId })),
  };
}

/**
 * Moves an order's creation (and its expiry with it) into the past, as if the shopper had left the checkout that long
 * ago. `expiryMinutes` is the configured window the order was placed with.
 */
export async function ageOrder(db: Db, orderId: string, minutes: number, expiryMinutes = 15): Promise<void> {
  const createdAt = new Date(Date.now() - minutes * 60_000);
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { expiresAt: true, checkoutId: true } });
  // Every order of the checkout ages with it: they were placed, and expire, together.
  await db.order.updateMany({
    where: { checkoutId: order.checkoutId },
    data: { createdAt, ...(order.expiresAt ? { expiresAt: new Date(createdAt.getTime() + expiryMinutes * 60_000) } : {}) },
  });
  await db.checkout.update({ where: { id: order.checkoutId }, data: { createdAt } });
}

/** The order as the shopper's GET /api/order/user shows it. */
export async function shopperOrder(app: FastifyInstance, cookie: string, orderId: string) {
  const res = await app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } });
  const order = (res.json().orders as OrderDto[]).find((o) => o._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not among the shopper's orders`);
  return order;
}

/** The checkout row an order was placed in: what the settlement's expiry and the gateway order's receipt name. */
export async function checkoutOf(db: Db, orderId: string): Promise<string> {
  return (await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { checkoutId: true } })).checkoutId;
}
