import { randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from '../../infra/redis';
import { GatewayError, toGatewayPayment, type GatewayOrder, type GatewayPayment, type PaymentGateway } from './payment-gateway';
import { checkoutSignature, hmacSha256Hex } from './signatures';

/**
 * The offline stand-in for Razorpay (docs/architecture.md, "Payments"): Razorpay-shaped order and payment ids, real HMAC-SHA256
 * signatures with the local key secret, captured or failed payments, and signed webhooks. Its state lives in Redis so
 * the API (which creates orders and runs the test checkout) and the workers (which verify) see the same gateway, as
 * they would see Razorpay's. A Redis outage therefore looks like a gateway outage, which is what it simulates.
 */

/** Gateway records outlive any checkout by far; a week keeps Redis from growing forever. */
const TTL_SECONDS = 7 * 24 * 60 * 60;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Razorpay ids are a prefix and 14 base62 characters, e.g. order_Nf3x1u2PqR7sTz. */
function gatewayId(prefix: 'order' | 'pay'): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

type StoredOrder = { id: string; entity: 'order'; amount: number; currency: string; receipt: string; status: string; notes: Record<string, string>; created_at: number };
type StoredPayment = { id: string; entity: 'payment'; order_id: string; amount: number; currency: string; status: 'captured' | 'failed'; method: string; created_at: number };

/** What Razorpay Checkout hands the browser's success handler. */
export type CheckoutResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

export type WebhookEventType = 'payment.captured' | 'payment.failed' | 'order.paid';

export type SimulatedGateway = PaymentGateway & {
  /** The test checkout: makes a captured or failed payment on the order, signed the way Razorpay signs it. */
  checkout(gatewayOrderId: string, outcome: 'success' | 'failure'): Promise<CheckoutResponse | null>;
  fetchOrder(gatewayOrderId: string): Promise<GatewayOrder | null>;
  /** A webhook delivery as Razorpay would POST it: the raw body and its headers, signed with the webhook secret. */
  webhook(type: WebhookEventType, gatewayPaymentId: string): Promise<{ body: string; headers: Record<string, string> }>;
};

export function createSimulatedGateway(deps: {
  redis: Redis | undefined;
  prefix: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): SimulatedGateway {
  const { prefix, keySecret } = deps;
  const key = (kind: 'order' | 'payment' | 'order-payments', id: string) => `${prefix}:simgw:${kind}:${id}`;

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

  async function fetchOrder(gatewayOrderId: string): Promise<GatewayOrder | null> {
    const order = await readJson<StoredOrder>(key('order', gatewayOrderId));
    return order && { id: order.id, amountPaise: order.amount, currency: order.currency, receipt: order.receipt, status: order.status };
  }

  async function fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment | null> {
    return toGatewayPayment(await readJson<StoredPayment>(key('payment', gatewayPaymentId)));
  }

  return {
    name: 'simulated',
    keyId: deps.keyId,

    async createOrder({ amountPaise, currency, receipt, notes = {} }) {
      if (!Number.isInteger(amountPaise) || amountPaise < 100) throw new GatewayError('rejected', 'Order amount less than minimum amount allowed', 400);
      const order: StoredOrder = { id: gatewayId('order'), entity: 'order', amount: amountPaise, currency, receipt, status: 'created', notes, created_at: Math.floor(Date.now() / 1000) };
      await store((r) => r.set(key('order', order.id), JSON.stringify(order), 'EX', TTL_SECONDS));
      return { id: order.id, amountPaise, currency, receipt, status: order.status };
    },

    fetchPayment,
    fetchOrder,

    async fetchOrderPayments(gatewayOrderId) {
      const ids = await store((r) => r.lrange(key('order-payments', gatewayOrderId), 0, -1));
      const payments = await Promise.all(ids.map(fetchPayment));
      return payments.filter((p): p is GatewayPayment => p !== null);
    },

    async checkout(gatewayOrderId, outcome) {
      const order = await readJson<StoredOrder>(key('order', gatewayOrderId));
      if (!order) return null;
      const payment: StoredPayment = {
        id: gatewayId('pay'),
        entity: 'payment',
        order_id: order.id,
        amount: order.amount,
        currency: order.currency,
        status: outcome === 'success' ? 'captured' : 'failed',
        method: 'upi',
        created_at: Math.floor(Date.now() / 1000),
      };
      await store((r) =>
        r
          .multi()
          .set(key('payment', payment.id), JSON.stringify(payment), 'EX', TTL_SECONDS)
          .rpush(key('order-payments', order.id), payment.id)
          .expire(key('order-payments', order.id), TTL_SECONDS)
          .set(key('order', order.id), JSON.stringify({ ...order, status: outcome === 'success' ? 'paid' : 'attempted' }), 'EX', TTL_SECONDS)
          .exec(),
      );
      // Real Checkout calls its failure handler without a signature; our test checkout hands back a signed failure
      // too, so the client reports it through the same verify call and the worker learns the outcome from the gateway.
      return { razorpay_order_id: order.id, razorpay_payment_id: payment.id, razorpay_signature: checkoutSignature(order.id, payment.id, keySecret) };
    },

    async webhook(type, gatewayPaymentId) {
      const payment = await readJson<StoredPayment>(key('payment', gatewayPaymentId));
      if (!payment) throw new GatewayError('rejected', `No payment ${gatewayPaymentId}`, 400);
      const order = await readJson<StoredOrder>(key('order', payment.order_id));
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_simulated',
        event: type,
        contains: type === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: { payment: { entity: payment }, ...(type === 'order.paid' && order ? { order: { entity: order } } : {}) },
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacSha256Hex(deps.webhookSecret, body),
          'x-razorpay-event-id': `evt_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
        },
      };
    },
  };
}
