import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Razorpay API on a real local HTTP server, for driving the official SDK (and our adapter) without the
 * internet. It speaks the parts of https://razorpay.com/docs/api we use, with Razorpay's shapes and error bodies:
 * POST /v1/orders, GET /v1/orders/:id, GET /v1/orders/:id/payments, GET /v1/payments/:id, POST /v1/payments/:id/capture,
 * POST /v1/payments/:id/refund, GET /v1/payments/:id/refunds, Basic auth with the key id and secret. Tests make payments on it (what a shopper does in Checkout) and can make it fail or hang.
 */

export type FakeOrder = { id: string; entity: 'order'; amount: number; amount_paid: number; amount_due: number; currency: string; receipt: string; status: string; attempts: number; notes: Record<string, string>; created_at: number };
export type FakePayment = { id: string; entity: 'payment'; amount: number; currency: string; status: string; order_id: string; method: string; captured: boolean; created_at: number };
export type FakeRefund = { id: string; entity: 'refund'; amount: number; currency: string; payment_id: string; receipt: string | null; notes: Record<string, string>; status: string; speed_requested: string; created_at: number };
export type RecordedRequest = { method: string; path: string; authorization: string | undefined; userAgent: string | undefined; body: unknown };

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const rzpId = (prefix: string) => `${prefix}_${Array.from(randomBytes(14), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
const now = () => Math.floor(Date.now() / 1000);

export type FakeRazorpay = {
  url: string;
  keyId: string;
  keySecret: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  requests: RecordedRequest[];
  /** Refunds are made `pending`; tests settle them as Razorpay's bank would (then deliver the refund webhook). */
  settleRefund(refundId: string, status: 'processed' | 'failed'): FakeRefund;
  /** A refund webhook delivery signed with `webhookSecret`. */
  refundWebhook(event: 'refund.processed' | 'refund.failed', refund: FakeRefund, webhookSecret: string): { body: string; headers: Record<string, string> };
  /** The next request whose path matches is refused with Razorpay's 400 and this description (then the hook clears). */
  refuseNext: { path: RegExp; description: string } | null;
  /** How the next requests are answered: normally, with a 500 / 503, or never (a hung gateway). */
  mode: 'ok' | 'error500' | 'error503' | 'hang';
  /** Called with each request as it arrives, before it is answered: a test may change `mode` for it from here. */
  onRequest: ((request: RecordedRequest) => void) | null;
  /** When set, a refund is made at once but its answer comes this many ms later (a slow gateway). */
  refundAnswerDelayMs: number | null;
  /** A payment on a gateway order, as Checkout would make it. */
  pay(orderId: string, status?: 'captured' | 'authorized' | 'failed' | 'created', overrides?: Partial<FakePayment>): FakePayment;
  /** Checkout's razorpay_signature for a payment: HMAC(order_id|payment_id, key secret). */
  signature(orderId: string, paymentId: string): string;
  /** A webhook delivery signed with `webhookSecret`. */
  webhook(event: string, payment: FakePayment, webhookSecret: string, eventId?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const badRequest = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' } });

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeRazorpay(options: { keyId?: string; keySecret?: string } = {}): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? 'rzp_test_FakeKey0001';
  const keySecret = options.keySecret ?? 'fake-razorpay-key-secret-0001';
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: RecordedRequest[] = [];
  const hung = new Set<ServerResponse>();

  const fake = { mode: 'ok', refuseNext: null, onRequest: null, refundAnswerDelayMs: null } as FakeRazorpay;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, userAgent: req.headers['user-agent'], body });
    fake.onRequest?.(requests.at(-1)!);
    if (fake.mode === 'hang') return void hung.add(res);
    if (fake.mode === 'error500') return send(res, 500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins.' } });
    if (fake.mode === 'error503') return send(res, 503, { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } });
    if (req.headers.authorization !== expectedAuth) return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    if (fake.refuseNext?.path.test(path)) {
      const { description } = fake.refuseNext;
      fake.refuseNext = null;
      return send(res, 400, badRequest(description));
    }

    let m: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/v1/orders') {
      const input = (body ?? {}) as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
      if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount < 100) return send(res, 400, badRequest('Order amount less than minimum amount allowed'));
      const order: FakeOrder = {
        id: rzpId('order'),
        entity: 'order',
        amount: input.amount,
        amount_paid: 0,
        amount_due: input.amount,
        currency: String(input.currency ?? 'INR'),
        receipt: String(input.receipt ?? ''),
        status: 'created',
        attempts: 0,
        notes: input.notes ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      if (!orders.has(m[1]!)) return send(res, 400, badRequest('The id provided does not exist'));
      const items = [...payments.values()].filter((p) => p.order_id === m![1]);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)$/))) {
      const order = orders.get(m[1]!);
      return order ? send(res, 200, order) : send(res, 400, badRequest('The id provided does not exist'));
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)$/))) {
      const payment = payments.get(m[1]!);
      return payment ? send(res, 200, payment) : send(res, 400, badRequest('The id provided does not exist'));
    }
    if (req.method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/capture$/))) {
      const payment = payments.get(m[1]!);
      if (!payment) return send(res, 400, badRequest('The id provided does not exist'));
      const input = (body ?? {}) as { amount?: unknown; currency?: unknown };
      if (payment.status === 'captured') return send(res, 400, badRequest('This payment has already been captured'));
      if (payment.status !== 'authorized') return send(res, 400, badRequest('Only payments which have been authorized and not yet captured can be captured'));
      if (Number(input.amount) !== payment.amount) return send(res, 400, badRequest('Capture amount must be equal to the amount authorized'));
      Object.assign(payment, { status: 'captured', captured: true });
      const order = orders.get(payment.order_id);
      if (order) Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
      return send(res, 200, payment);
    }
    if (req.method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refund$/))) {
      const payment = payments.get(m[1]!);
      if (!payment) return send(res, 400, badRequest('The id provided does not exist'));
      if (payment.status !== 'captured') return send(res, 400, badRequest('The payment has not been captured or is already refunded'));
      const input = (body ?? {}) as { amount?: unknown; receipt?: unknown; notes?: Record<string, string>; speed?: unknown };
      // Razorpay refunds in parts; together they may not exceed the payment (failed refunds give their part back).
      const refunded = [...refunds.values()].filter((r) => r.payment_id === payment.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      const asked = typeof input.amount === 'number' ? input.amount : payment.amount - refunded;
      if (asked + refunded > payment.amount) return send(res, 400, badRequest('The total refund amount is greater than the refund payment amount'));
      const refund: FakeRefund = {
        id: rzpId('rfnd'),
        entity: 'refund',
        amount: asked,
        currency: payment.currency,
        payment_id: payment.id,
        receipt: typeof input.receipt === 'string' ? input.receipt : null,
        notes: input.notes ?? {},
        status: 'pending',
        speed_requested: String(input.speed ?? 'normal'),
        created_at: now(),
      };
      refunds.set(refund.id, refund);
      if (fake.refundAnswerDelayMs !== null) await new Promise((resolve) => setTimeout(resolve, fake.refundAnswerDelayMs!));
      return send(res, 200, refund);
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refunds$/))) {
      if (!payments.has(m[1]!)) return send(res, 400, badRequest('The id provided does not exist'));
      const items = [...refunds.values()].filter((r) => r.payment_id === m![1]);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    return send(res, 404, { error: { code: 'NOT_FOUND', description: 'The requested URL was not found on the server.' } });
  }

  const server: Server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500, {})));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    orders,
    payments,
    refunds,
    requests,
    settleRefund(refundId: string, status: 'processed' | 'failed') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake razorpay: no refund ${refundId}`);
      refund.status = status;
      const payment = payments.get(refund.payment_id);
      const processed = [...refunds.values()].filter((r) => r.payment_id === refund.payment_id && r.status === 'processed').reduce((sum, r) => sum + r.amount, 0);
      if (payment && processed >= payment.amount) Object.assign(payment, { status: 'refunded' });
      return refund;
    },
    refundWebhook(event: 'refund.processed' | 'refund.failed', refund: FakeRefund, webhookSecret: string) {
      const payment = payments.get(refund.payment_id);
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_Fake', event, contains: ['refund', 'payment'], payload: { refund: { entity: refund }, payment: { entity: payment } }, created_at: now() });
      const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': rzpId('evt') } };
    },
    pay(orderId: string, status: 'captured' | 'authorized' | 'failed' | 'created' = 'captured', overrides: Partial<FakePayment> = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake razorpay: no order ${orderId}`);
      const payment: FakePayment = { id: rzpId('pay'), entity: 'payment', amount: order.amount, currency: order.currency, status, order_id: orderId, method: 'upi', captured: status === 'captured', created_at: now(), ...overrides };
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (status === 'captured') Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
      return payment;
    },
    signature: (orderId: string, paymentId: string) => createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex'),
    webhook(event: string, payment: FakePayment, webhookSecret: string, eventId = rzpId('evt')) {
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_Fake', event, contains: ['payment'], payload: { payment: { entity: payment } }, created_at: now() });
      const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId } };
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** An address where nothing listens: the port of a server that was just closed. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
