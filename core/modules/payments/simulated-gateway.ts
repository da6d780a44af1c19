import { randomBytes } from 'node:crypto';
import type { Redis } from '../../infra/redis';
import {
  GatewayError,
  toGatewayPayment,
  toGatewayRefund,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './payment-gateway';
import { checkoutSignature, hmacSha256Hex } from './signatures';

/**
 * The offline stand-in for Razorpay (docs/architecture.md, "Payments"): Razorpay-shaped order, payment and refund ids, real
 * HMAC-SHA256 signatures with the local key secret, the payment states Razorpay reports (created, authorized,
 * captured, failed, refunded), refunds that are processed or fail, and the signed webhooks Razorpay sends for each.
 * Its state lives in Redis so the API (which creates orders and runs the test checkout) and the workers (which
 * verify, capture and refund) see the same gateway, as they would see Razorpay's. A Redis outage therefore looks like
 * a gateway outage, which is what it simulates.
 */

/** Gateway records outlive any checkout by far; a week keeps Redis from growing forever. */
const TTL_SECONDS = 7 * 24 * 60 * 60;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Razorpay ids are a prefix and 14 base62 characters, e.g. order_Nf3x1u2PqR7sTz. */
function gatewayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

type PaymentState = 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
type StoredOrder = { id: string; entity: 'order'; amount: number; currency: string; receipt: string; status: string; notes: Record<string, string>; created_at: number };
type StoredPayment = {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: PaymentState;
  captured: boolean;
  method: string;
  /** How a refund of this payment will end: chosen in the test checkout, so a failed refund can be shown too. */
  notes: { refund_outcome: 'processed' | 'failed' };
  /** Paise refunded so far; a payment is `refunded` only once all of it is (Razorpay refunds in parts too). */
  amount_refunded?: number;
  created_at: number;
};
type StoredRefund = { id: string; entity: 'refund'; payment_id: string; amount: number; currency: string; receipt: string | null; status: 'pending' | 'processed' | 'failed'; created_at: number };

/** What Razorpay Checkout hands the browser's success handler. */
export type CheckoutResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/** What Razorpay Checkout hands its `payment.failed` handler: no signature, and the shopper may try again. */
export type CheckoutFailure = { code: string; description: string; metadata: { order_id: string; payment_id: string } };

/**
 * The test checkout's outcomes: `success` (captured at once), `authorized` (the worker must capture it), `pending`
 * (a UPI collect the shopper has not approved yet: the payment stays `created` until `completePayment`), `failure`.
 */
export type TestCheckoutOutcome = 'success' | 'authorized' | 'pending' | 'failure';

export type TestCheckoutResult = { response: CheckoutResponse; error?: undefined; paymentId: string } | { response?: undefined; error: CheckoutFailure; paymentId: string };

export type WebhookEventType = 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed' | 'refund.failed';

export type WebhookDelivery = { body: string; headers: Record<string, string> };

export type SimulatedGateway = PaymentGateway & {
  /** The test checkout: makes a payment on the order in the chosen state and sends the webhooks Razorpay would. */
  checkout(gatewayOrderId: string, outcome: TestCheckoutOutcome, options?: { refund?: 'processed' | 'failed' }): Promise<TestCheckoutResult | null>;
  /** A payment left `created` (the UPI collect) completes now, however late: captured or failed, with its webhook. */
  completePayment(gatewayPaymentId: string, outcome: 'success' | 'failure'): Promise<GatewayPayment | null>;
  fetchOrder(gatewayOrderId: string): Promise<GatewayOrder | null>;
  /** A webhook delivery as Razorpay would POST it: the raw body and its headers, signed with the webhook secret. */
  webhook(type: WebhookEventType, gatewayPaymentId: string, refundId?: string): Promise<WebhookDelivery>;
  /** Where this gateway sends its webhooks (the app's own webhook handler); none until set. */
  onWebhook(deliver: (delivery: WebhookDelivery) => Promise<unknown>): void;
};

export function createSimulatedGateway(deps: {
  redis: Redis | undefined;
  /** Start of every key: one group (one hash slot on a cluster), since a MULTI writes a payment and its order together. */
  keyGroup: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): SimulatedGateway {
  const { keyGroup, keySecret } = deps;
  const key = (kind: 'order' | 'payment' | 'order-payments' | 'refund' | 'payment-refunds', id: string) => `${keyGroup}:${kind}:${id}`;
  let deliver: ((delivery: WebhookDelivery) => Promise<unknown>) | undefined;

  /** Every Redis failure is the gateway being unreachable, as a network error to Razorpay would be. */
  async function store<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    if (!deps.redis) throw new GatewayError('unavailable', 'The simulated gateway needs Redis, and none is connected');
    try {
      return await work(deps.redis);
    } catch (error) {
      throw new GatewayError('unavailable', `The simulated gateway is unreachable: ${(error as Error).message}`);
    }
  }

  const readJson = async <T>(k: string): Promise<T | null> => {
    const raw = await store((r) => r.get(k));
    return raw ? (JSON.parse(raw) as T) : null;
  };
  const writeJson = (k: string, value: object) => store((r) => r.set(k, JSON.stringify(value), 'EX', TTL_SECONDS));

  async function fetchOrder(gatewayOrderId: string): Promise<GatewayOrder | null> {
    const order = await readJson<StoredOrder>(key('order', gatewayOrderId));
    return order && { id: order.id, amountPaise: order.amount, currency: order.currency, receipt: order.receipt, status: order.status };
  }

  async function fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment | null> {
    return toGatewayPayment(await readJson<StoredPayment>(key('payment', gatewayPaymentId)));
  }

  async function fetchRefunds(gatewayPaymentId: string): Promise<GatewayRefund[]> {
    const ids = await store((r) => r.lrange(key('payment-refunds', gatewayPaymentId), 0, -1));
    const refunds = await Promise.all(ids.map((id) => readJson<StoredRefund>(key('refund', id))));
    return refunds.map(toGatewayRefund).filter((r): r is GatewayRefund => r !== null);
  }

  async function webhook(type: WebhookEventType, gatewayPaymentId: string, refundId?: string): Promise<WebhookDelivery> {
    const payment = await readJson<StoredPayment>(key('payment', gatewayPaymentId));
    if (!payment) throw new GatewayError('rejected', `No payment ${gatewayPaymentId}`, 400);
    const order = await readJson<StoredOrder>(key('order', payment.order_id));
    const refund = refundId ? await readJson<StoredRefund>(key('refund', refundId)) : null;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_simulated',
      event: type,
      contains: refund ? ['refund', 'payment'] : type === 'order.paid' ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: { entity: payment },
        ...(type === 'order.paid' && order ? { order: { entity: order } } : {}),
        ...(refund ? { refund: { entity: refund } } : {}),
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(deps.webhookSecret, body),
        'x-razorpay-event-id': gatewayId('evt'),
      },
    };
  }

  /**
   * Sends the events as Razorpay would after the state change is stored. A delivery that fails is simply lost here,
   * as an undelivered webhook may be: the checkout callback and the reconciler still find the payment.
   */
  async function send(events: WebhookEventType[], gatewayPaymentId: string, refundId?: string): Promise<void> {
    if (!deliver) return;
    for (const type of events) {
      try {
        await deliver(await webhook(type, gatewayPaymentId, refundId));
      } catch {
        // See above: the other paths make up for a lost delivery.
      }
    }
  }

  async function savePayment(payment: StoredPayment, order: StoredOrder): Promise<void> {
    const orderStatus = payment.status === 'captured' || payment.status === 'refunded' ? 'paid' : 'attempted';
    await store((r) =>
      r
        .multi()
        .set(key('payment', payment.id), JSON.stringify(payment), 'EX', TTL_SECONDS)
        .set(key('order', order.id), JSON.stringify({ ...order, status: order.status === 'paid' ? 'paid' : orderStatus }), 'EX', TTL_SECONDS)
        .exec(),
    );
  }

  const capturedEvents: WebhookEventType[] = ['payment.captured', 'order.paid'];

  return {
    name: 'simulated',
    keyId: deps.keyId,

    onWebhook(handler) {
      deliver = handler;
    },

    async createOrder({ amountPaise, currency, receipt, notes = {} }) {
      if (!Number.isInteger(amountPaise) || amountPaise < 100) throw new GatewayError('rejected', 'Order amount less than minimum amount allowed', 400);
      const order: StoredOrder = { id: gatewayId('order'), entity: 'order', amount: amountPaise, currency, receipt, status: 'created', notes, created_at: Math.floor(Date.now() / 1000) };
      await writeJson(key('order', order.id), order);
      return { id: order.id, amountPaise, currency, receipt, status: order.status };
    },

    fetchPayment,
    fetchOrder,
    fetchRefunds,
    webhook,

    async fetchOrderPayments(gatewayOrderId) {
      const ids = await store((r) => r.lrange(key('order-payments', gatewayOrderId), 0, -1));
      const payments = await Promise.all(ids.map(fetchPayment));
      return payments.filter((p): p is GatewayPayment => p !== null);
    },

    async checkout(gatewayOrderId, outcome, options = {}) {
      const order = await readJson<StoredOrder>(key('order', gatewayOrderId));
      if (!order) return null;
      const status: PaymentState = { success: 'captured', authorized: 'authorized', pending: 'created', failure: 'failed' }[outcome] as PaymentState;
      const payment: StoredPayment = {
        id: gatewayId('pay'),
        entity: 'payment',
        order_id: order.id,
        amount: order.amount,
        currency: order.currency,
        status,
        captured: status === 'captured',
        method: 'upi',
        notes: { refund_outcome: options.refund ?? 'processed' },
        created_at: Math.floor(Date.now() / 1000),
      };
      await store((r) => r.multi().rpush(key('order-payments', order.id), payment.id).expire(key('order-payments', order.id), TTL_SECONDS).exec());
      await savePayment(payment, order);
      const events: Record<PaymentState, WebhookEventType[]> = { captured: capturedEvents, authorized: ['payment.authorized'], failed: ['payment.failed'], created: [], refunded: [] };
      await send(events[status], payment.id);
      if (status === 'failed') {
        // Real Checkout calls its failure handler without a signature and keeps the gateway order open for a retry.
        return { paymentId: payment.id, error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', metadata: { order_id: order.id, payment_id: payment.id } } };
      }
      // Checkout's success handler fires for authorized and captured payments alike; a pending UPI collect has not
      // reached the handler yet, but the response is what it will hand over once the shopper approves.
      return { paymentId: payment.id, response: { razorpay_order_id: order.id, razorpay_payment_id: payment.id, razorpay_signature: checkoutSignature(order.id, payment.id, keySecret) } };
    },

    async completePayment(gatewayPaymentId, outcome) {
      const payment = await readJson<StoredPayment>(key('payment', gatewayPaymentId));
      const order = payment && (await readJson<StoredOrder>(key('order', payment.order_id)));
      if (!payment || !order) return null;
      if (payment.status !== 'created') return toGatewayPayment(payment);
      const done: StoredPayment = { ...payment, status: outcome === 'success' ? 'captured' : 'failed', captured: outcome === 'success' };
      await savePayment(done, order);
      await send(outcome === 'success' ? capturedEvents : ['payment.failed'], done.id);
      return toGatewayPayment(done);
    },

    async capturePayment(gatewayPaymentId, amountPaise, currency) {
      const payment = await readJson<StoredPayment>(key('payment', gatewayPaymentId));
      if (!payment) throw new GatewayError('rejected', 'The id provided does not exist', 400);
      if (payment.status === 'captured') return toGatewayPayment(payment)!;
      if (payment.status !== 'authorized') throw new GatewayError('rejected', `Only an authorized payment can be captured; this one is ${payment.status}`, 400);
      if (amountPaise !== payment.amount || currency !== payment.currency) throw new GatewayError('rejected', 'Capture amount must be equal to the amount authorized', 400);
      const order = await readJson<StoredOrder>(key('order', payment.order_id));
      const captured: StoredPayment = { ...payment, status: 'captured', captured: true };
      if (order) await savePayment(captured, order);
      await send(capturedEvents, captured.id);
      return toGatewayPayment(captured)!;
    },

    async refundPayment(gatewayPaymentId, { amountPaise, receipt }) {
      const payment = await readJson<StoredPayment>(key('payment', gatewayPaymentId));
      if (!payment) throw new GatewayError('rejected', 'The id provided does not exist', 400);
      if (payment.status !== 'captured') throw new GatewayError('rejected', `The payment is ${payment.status}; only a captured payment can be refunded`, 400);
      const refunded = payment.amount_refunded ?? 0;
      if (amountPaise > payment.amount - refunded) throw new GatewayError('rejected', 'The total refund amount is greater than the refund payment amount', 400);
      const refund: StoredRefund = { id: gatewayId('rfnd'), entity: 'refund', payment_id: payment.id, amount: amountPaise, currency: payment.currency, receipt, status: 'pending', created_at: Math.floor(Date.now() / 1000) };
      await store((r) =>
        r
          .multi()
          .set(key('refund', refund.id), JSON.stringify(refund), 'EX', TTL_SECONDS)
          .rpush(key('payment-refunds', payment.id), refund.id)
          .expire(key('payment-refunds', payment.id), TTL_SECONDS)
          .exec(),
      );
      // The bank answers at once here (as for Razorpay's instant refunds): the refund is settled, its webhook sent, and
      // the answer already carries the outcome, so a lost webhook cannot leave it pending.
      const outcome = payment.notes.refund_outcome;
      const settled: StoredRefund = { ...refund, status: outcome };
      await writeJson(key('refund', refund.id), settled);
      if (outcome === 'processed') {
        const total = refunded + amountPaise;
        await writeJson(key('payment', payment.id), { ...payment, amount_refunded: total, status: total >= payment.amount ? 'refunded' : 'captured' });
      }
      await send([outcome === 'processed' ? 'refund.processed' : 'refund.failed'], payment.id, refund.id);
      return toGatewayRefund(settled)!;
    },
  };
}
