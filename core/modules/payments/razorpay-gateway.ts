import Razorpay from 'razorpay';
import { GatewayError, toGatewayPayment, toGatewayRefund, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './payment-gateway';

/**
 * The `razorpay` gateway over the official SDK (pinned to 2.9.8 in package.json). Every call is wrapped: the SDK
 * rejects with a plain `{ statusCode, error }` object on HTTP errors, and with a TypeError from its own error
 * normaliser when there was no response at all (connection refused, DNS, reset). Callers only
 * ever see a GatewayError.
 */

export const PINNED_SDK_VERSION = '2.9.8';

export type RazorpayGatewayOptions = {
  keyId: string;
  keySecret: string;
  /**
   * Tests only: where the SDK sends its requests (a local fake Razorpay API). The SDK hard-codes
   * https://api.razorpay.com and maintainers declined a host option, so this reaches into its internal axios
   * instance; tests/integration/payments/razorpay-gateway.test.ts pins that detail.
   */
  baseUrl?: string;
  /** The SDK sets no timeout; a hung gateway must not hang a shopper's request or a worker forever. */
  timeoutMs?: number;
};

type SdkInternals = { api?: { rq?: { defaults?: { baseURL?: string } } } };

/** Points the SDK's axios instance at another host; fails loudly if a new SDK version moved the internals. */
export function pointSdkAt(client: Razorpay, baseUrl: string): void {
  const defaults = (client as unknown as SdkInternals).api?.rq?.defaults;
  if (Razorpay.VERSION !== PINNED_SDK_VERSION || !defaults) {
    throw new Error(`razorpay SDK ${Razorpay.VERSION}: cannot redirect it to ${baseUrl}; re-check its internals (pinned ${PINNED_SDK_VERSION})`);
  }
  defaults.baseURL = baseUrl;
}

/** Turns whatever the SDK threw into a GatewayError with a message worth logging. */
export function toGatewayError(error: unknown, what: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (typeof error === 'object' && error !== null && typeof (error as { statusCode?: unknown }).statusCode === 'number') {
    const { statusCode, error: body } = error as { statusCode: number; error?: { code?: string; description?: string } };
    const detail = body?.description ?? body?.code ?? 'no details';
    const kind = statusCode >= 500 || statusCode === 429 ? 'unavailable' : statusCode === 401 ? 'unauthorized' : 'rejected';
    return new GatewayError(kind, `Razorpay ${what} failed with ${statusCode}: ${detail}`, statusCode);
  }
  // No HTTP answer at all: the SDK's normaliser dereferences `err.response.status` and throws a TypeError.
  return new GatewayError('unavailable', `Razorpay could not be reached (${what}): ${(error as Error)?.message ?? String(error)}`);
}

export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  if (options.baseUrl) pointSdkAt(client, options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GatewayError('unavailable', `Razorpay did not answer ${what} within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work(), timeout]);
    } catch (error) {
      throw toGatewayError(error, what);
    } finally {
      clearTimeout(timer);
    }
  }

  const asPayment = (entity: unknown, what: string): GatewayPayment => {
    const payment = toGatewayPayment(entity);
    if (!payment) throw new GatewayError('unavailable', `Razorpay answered ${what} with an unexpected payment shape`);
    return payment;
  };

  const asRefund = (entity: unknown, what: string): GatewayRefund => {
    const refund = toGatewayRefund(entity);
    if (!refund) throw new GatewayError('unavailable', `Razorpay answered ${what} with an unexpected refund shape`);
    return refund;
  };

  const fetchPayment = async (gatewayPaymentId: string) => {
    try {
      return asPayment(await call('payments.fetch', () => client.payments.fetch(gatewayPaymentId)), 'payments.fetch');
    } catch (error) {
      // Razorpay answers an unknown id with 400 BAD_REQUEST_ERROR "The id provided does not exist" (404 on some routes).
      if (error instanceof GatewayError && (error.status === 404 || (error.status === 400 && /does not exist/i.test(error.message)))) return null;
      throw error;
    }
  };

  return {
    name: 'razorpay',
    keyId: options.keyId,

    async createOrder({ amountPaise, currency, receipt, notes }) {
      const order = await call('orders.create', () => client.orders.create({ amount: amountPaise, currency, receipt, ...(notes ? { notes } : {}) }));
      if (typeof order?.id !== 'string' || Number(order.amount) !== amountPaise) {
        throw new GatewayError('unavailable', 'Razorpay answered orders.create with an unexpected order');
      }
      return { id: order.id, amountPaise, currency: order.currency ?? currency, receipt: order.receipt ?? receipt, status: order.status ?? 'created' };
    },

    fetchPayment,

    async fetchOrderPayments(gatewayOrderId) {
      const list = await call('orders.fetchPayments', () => client.orders.fetchPayments(gatewayOrderId));
      const items: unknown[] = Array.isArray((list as { items?: unknown })?.items) ? (list as { items: unknown[] }).items : [];
      return items.map((item) => asPayment(item, 'orders.fetchPayments'));
    },

    async capturePayment(gatewayPaymentId, amountPaise, currency) {
      try {
        return asPayment(await call('payments.capture', () => client.payments.capture(gatewayPaymentId, amountPaise, currency)), 'payments.capture');
      } catch (error) {
        // A retry after a capture whose answer was lost: Razorpay says 400 "already been captured". That is success.
        if (error instanceof GatewayError && error.kind === 'rejected' && /already been captured/i.test(error.message)) {
          const payment = await fetchPayment(gatewayPaymentId);
          if (payment?.status === 'captured') return payment;
        }
        throw error;
      }
    },

    async refundPayment(gatewayPaymentId, { amountPaise, receipt, notes }) {
      const refund = await call('payments.refund', () =>
        client.payments.refund(gatewayPaymentId, { amount: amountPaise, speed: 'normal', receipt, ...(notes ? { notes } : {}) }),
      );
      return asRefund(refund, 'payments.refund');
    },

    async fetchRefunds(gatewayPaymentId) {
      const list = await call('payments.fetchMultipleRefund', () => client.payments.fetchMultipleRefund(gatewayPaymentId, { count: 100 }));
      const items: unknown[] = Array.isArray((list as { items?: unknown })?.items) ? (list as { items: unknown[] }).items : [];
      return items.map((item) => asRefund(item, 'payments.fetchMultipleRefund'));
    },
  };
}
