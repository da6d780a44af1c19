/**
 * What the marketplace needs from a payment gateway (docs/architecture.md, "Payments"). Two implementations: `razorpay` (the
 * official SDK, when keys are configured) and `simulated` (the offline default). Signatures are not part of this
 * interface on purpose: they are checked by our own code (signatures.ts) with the same key secret for both, so the
 * verification path is identical whichever gateway runs.
 */

export type GatewayName = 'razorpay' | 'simulated';

export type GatewayOrder = { id: string; amountPaise: number; currency: string; receipt: string; status: string };

/** Razorpay's payment states; `authorized` and `captured` both mean the shopper's money is secured. */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export type GatewayPayment = {
  id: string;
  /** The gateway order this payment belongs to; must equal the one stored with our order. */
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: GatewayPaymentStatus;
};

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** Null when the gateway does not know the id. */
  fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment | null>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
}

/**
 * Every gateway failure becomes one of these, so callers never see an SDK's raw rejection (which is not even an
 * Error) or its TypeError on network failures. `unavailable`: try again later; `rejected`: the gateway said no.
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export function isMoneySecured(status: GatewayPaymentStatus): boolean {
  return status === 'captured' || status === 'authorized';
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
