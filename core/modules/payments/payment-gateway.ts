/**
 * What the marketplace needs from a payment gateway (docs/architecture.md, "Payments"). Two implementations: `razorpay` (the
 * official SDK, when keys are configured) and `simulated` (the offline default). Signatures are not part of this
 * interface on purpose: they are checked by our own code (signatures.ts) with the same key secret for both, so the
 * verification path is identical whichever gateway runs.
 */

export type GatewayName = 'razorpay' | 'simulated';

export type GatewayOrder = { id: string; amountPaise: number; currency: string; receipt: string; status: string };

/**
 * Razorpay's payment states. Only `captured` secures the money: an `authorized` payment that is not captured within
 * a few days is handed back to the shopper by Razorpay itself, so it must be captured before the order counts as paid.
 */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export type GatewayPayment = {
  id: string;
  /** The gateway order this payment belongs to; must equal the one stored with our order. */
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: GatewayPaymentStatus;
};

export type GatewayRefundStatus = 'pending' | 'processed' | 'failed';

export type GatewayRefund = {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: GatewayRefundStatus;
  /** Our own refund id, sent as the refund's receipt: how a retry recognises a refund it already asked for. */
  receipt: string | null;
};

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** Null when the gateway does not know the id. */
  fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment | null>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** Captures an authorized payment in full; a payment that is already captured is answered as it is. */
  capturePayment(gatewayPaymentId: string, amountPaise: number, currency: string): Promise<GatewayPayment>;
  /** A full refund of a captured payment; `receipt` is our refund id (the SDK cannot send an idempotency key). */
  refundPayment(gatewayPaymentId: string, input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayRefund>;
  /** The refunds the gateway holds for a payment, to look one up before asking again. */
  fetchRefunds(gatewayPaymentId: string): Promise<GatewayRefund[]>;
}

/**
 * What went wrong talking to the gateway: `unavailable` (unreachable, timed out, 5xx, 429: try again later),
 * `unauthorized` (the key id or secret is wrong: retrying helps only once someone fixes the keys), `rejected`
 * (the gateway understood and said no: the same request will always be refused, so it is not retried).
 */
export type GatewayErrorKind = 'unavailable' | 'unauthorized' | 'rejected';

/**
 * Every gateway failure becomes one of these, so callers never see an SDK's raw rejection (which is not even an
 * Error) or its TypeError on network failures.
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export function isMoneySecured(status: GatewayPaymentStatus): boolean {
  return status === 'captured';
}

/** A payment the shopper has started and the gateway has not finished: the order must not be expired under it. */
export function isInProgress(status: GatewayPaymentStatus): boolean {
  return status === 'created' || status === 'authorized';
}

const STATUSES: readonly GatewayPaymentStatus[] = ['created', 'authorized', 'captured', 'refunded', 'failed'];

/** Maps a Razorpay-shaped payment entity (SDK answer, webhook payload, simulated store) to ours; null if malformed. */
export function toGatewayPayment(entity: unknown): GatewayPayment | null {
  if (typeof entity !== 'object' || entity === null) return null;
  const e = entity as Record<string, unknown>;
  if (typeof e.id !== 'string' || typeof e.amount !== 'number' || typeof e.currency !== 'string') return null;
  const status = STATUSES.find((s) => s === e.status);
  if (!status) return null;
  return { id: e.id, orderId: typeof e.order_id === 'string' ? e.order_id : null, amountPaise: e.amount, currency: e.currency, status };
}

const REFUND_STATUSES: readonly GatewayRefundStatus[] = ['pending', 'processed', 'failed'];

/** Maps a Razorpay-shaped refund entity (SDK answer, webhook payload, simulated store) to ours; null if malformed. */
export function toGatewayRefund(entity: unknown): GatewayRefund | null {
  if (typeof entity !== 'object' || entity === null) return null;
  const e = entity as Record<string, unknown>;
  if (typeof e.id !== 'string' || typeof e.payment_id !== 'string' || typeof e.amount !== 'number') return null;
  // Razorpay reports a refund still on its way as `pending` (older accounts: `created`).
  const status = e.status === 'created' ? 'pending' : REFUND_STATUSES.find((s) => s === e.status);
  if (!status) return null;
  return { id: e.id, paymentId: e.payment_id, amountPaise: e.amount, status, receipt: typeof e.receipt === 'string' ? e.receipt : null };
}
