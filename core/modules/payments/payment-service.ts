import { randomUUID } from 'node:crypto';
import { inBatches } from '../../infra/batches';
import type { RazorpayCreateReply, VerifyBody } from '../../contracts/http/payments';
import { AppError, conflict, notFound } from '../../domain/errors';
import { OrderStatus } from '../../domain/order-status';
import type { Transaction } from '../../infra/prisma';
import type { AccountService } from '../accounts/account-service';
import { DbOrderStatus, DbPaymentType } from '../orders/order-enums';
import type { OrderService } from '../orders/order-service';
import { transitionOrder } from '../orders/order-transitions';
import { appendEvent } from '../outbox/outbox-writer';
import { isSimulated } from './payment-gateway-factory';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentRepository, PaymentRow } from './payment-repository';
import { handleWebhook } from './payment-webhooks';
import type { CheckoutResponse } from './simulated-gateway';

/**
 * The request side of online payment: creating the Pending order and its gateway order, taking a
 * checkout callback, taking a webhook, and the simulated gateway's test checkout. Deciding a payment happens later,
 * in the payments worker (payment-settlement.ts); these calls only record what arrived and enqueue it through the
 * outbox, so they answer fast and lose nothing.
 */

export type CreateOnlineOrderInput = { userId: string; items: { product: string; quantity: number }[]; addressId: string; idempotencyKey?: string };
export type CreateOnlineOrderResult = { reply: RazorpayCreateReply; created: boolean };

const CURRENCY = 'INR';

/**
 * Checkout callbacks one payment may record. A shopper's browser sends one (a retry or two at most); past this the
 * callbacks are noise or an attack, and each would cost a gateway call in the worker. A genuine payment is still
 * settled by its webhook and the reconciler, which do not go through this door.
 */
export const MAX_CHECKOUT_ATTEMPTS = 10;

const gatewayDown = () =>
  new AppError(
    'unavailable',
    'payment_gateway_unavailable',
    'Online payment is not available right now, so your order was not placed. Please try again in a moment or choose Cash on Delivery.',
  );

export function createPaymentService(deps: {
  repo: PaymentRepository;
  transaction: Transaction;
  orders: OrderService;
  accounts: Pick<AccountService, 'contact'>;
  gateway: PaymentGateway;
  webhookSecret: string;
  checkoutTimeoutSeconds: number;
}) {
  const { repo, transaction, orders, gateway } = deps;

  async function checkoutReply(orderId: string, payment: PaymentRow, userId: string, addressPhone: string): Promise<RazorpayCreateReply> {
    const user = await deps.accounts.contact(userId);
    return {
      success: true,
      // Razorpay Checkout takes the amount in paise.
      order: { id: payment.gatewayOrderId, amount: payment.amountPaise, currency: payment.currency },
      dbOrderId: orderId,
      key: gateway.keyId,
      gateway: gateway.name,
      prefill: { name: user?.name ?? '', email: user?.email ?? '', contact: user?.phone ?? addressPhone },
      timeoutSeconds: deps.checkoutTimeoutSeconds,
    };
  }

  /** A double submit (same Idempotency-Key) gets the first checkout back, or the reason it cannot continue. */
  async function replay(orderId: string, userId: string, phone: string): Promise<RazorpayCreateReply> {
    const [order, payment] = await Promise.all([orders.paymentState(orderId), repo.latestPaymentOfOrder(orderId)]);
    if (order?.status === DbOrderStatus.PENDING && payment) return checkoutReply(orderId, payment, userId, phone);
    if (order?.status === DbOrderStatus.CANCELLED && !payment) throw gatewayDown();
    if (order?.status === DbOrderStatus.PENDING) throw conflict('payment_preparing', 'Your payment is still being prepared; try again in a moment');
    throw conflict('order_not_pending', 'This order is no longer waiting for a payment');
  }

  return {
    /**
     * POST /api/order/razorpay/create. The order service places the Pending order (server prices, stock reserved,
     * address snapshot, outbox) in its own transaction; only then is the gateway called, because no database
     * transaction or stock lock may wait on a remote API. If the gateway fails, the order is cancelled through the
     * state machine (which returns the stock) and the shopper is told plainly.
     */
    async createOnlineOrder(input: CreateOnlineOrderInput): Promise<CreateOnlineOrderResult> {
      // The cart empties with the order, as for COD: the client empties its own copy as soon as this call answers.
      const placed = await orders.placeOrder({
        userId: input.userId,
        items: input.items,
        addressId: input.addressId,
        paymentType: 'Online',
        idempotencyKey: input.idempotencyKey,
      });
      const orderId = placed.order._id;
      if (!placed.created) return { reply: await replay(orderId, input.userId, placed.order.address.phone), created: false };

      let payment: PaymentRow;
      try {
        const gatewayOrder = await gateway.createOrder({ amountPaise: placed.amountPaise, currency: CURRENCY, receipt: orderId, notes: { orderNumber: placed.order.orderId } });
        payment = await repo.insertPayment({
          orderId,
          gateway: gateway.name,
          gatewayOrderId: gatewayOrder.id,
          amountPaise: placed.amountPaise,
          currency: gatewayOrder.currency,
          raw: gatewayOrder,
        });
      } catch (error) {
        await transaction((tx) =>
          transitionOrder(tx, { orderId, to: OrderStatus.Cancelled, actor: { type: 'system' }, note: 'The payment gateway could not start a payment' }),
        );
        throw Object.assign(gatewayDown(), { cause: error });
      }
      return { reply: await checkoutReply(orderId, payment, input.userId, placed.order.address.phone), created: true };
    },

    /**
     * POST /api/order/razorpay/verify: records the attempt and a `payment.submitted` event in one transaction and
     * returns at once; the worker decides. Only the caller's own order is found (404 otherwise). The body's
     * razorpay_order_id is deliberately unused: the worker signs against the gateway order id stored with the order.
     */
    async submitCheckout(userId: string, body: VerifyBody): Promise<{ message: string }> {
      const order = await orders.paymentState(body.orderId);
      if (!order || order.userId !== userId) throw notFound('order_not_found', 'Order not found');
      if (order.paymentType !== DbPaymentType.ONLINE) throw conflict('not_online', 'This order is paid on delivery, not online');
      const payment = await repo.latestPaymentOfOrder(order.id);
      if (!payment) throw conflict('payment_not_started', 'No online payment was started for this order');

      return transaction(async (tx) => {
        // The order row lock (taken first, as the worker and transitionOrder do) serialises two submissions of the
        // same callback, so a replay finds the first one's attempt and is answered the same way, adding nothing.
        const current = await orders.lockPaymentState(tx, order.id);
        const attempt = { paymentId: payment.id, source: 'checkout' as const, gatewayPaymentId: body.razorpay_payment_id, signature: body.razorpay_signature.toLowerCase() };
        if (await repo.findAttempt(tx, attempt)) return { message: 'Payment received, confirming…' };
        if (current?.isPaid) return { message: 'Payment already confirmed' };
        if (current?.status !== DbOrderStatus.PENDING) throw conflict('order_not_pending', 'This order is no longer waiting for a payment');
        // Counted under the same order lock, so parallel callbacks cannot all pass the cap.
        if ((await repo.countAttempts(tx, payment.id, 'checkout')) >= MAX_CHECKOUT_ATTEMPTS) {
          throw conflict('too_many_payment_attempts', 'Too many payment confirmations for this order. If you paid, it will be confirmed automatically.');
        }

        const attemptId = await repo.createAttempt(tx, attempt);
        await repo.markSubmitted(tx, payment.id);
        await appendEvent(tx, 'payment.submitted', { orderId: order.id, paymentId: payment.id, source: 'checkout', gatewayPaymentId: attempt.gatewayPaymentId, signature: attempt.signature, attemptId });
        return { message: 'Payment received, confirming…' };
      });
    },

    /**
     * Stored webhook deliveries older than `before` are deleted. Their effects live in payments and attempts; the row
     * itself only recognises Razorpay's retries, which stop after 24 hours.
     */
    purgeWebhookEvents(before: Date, batch = 5000): Promise<number> {
      return inBatches(batch, () => repo.purgeWebhookEvents(before, batch));
    },

    /** POST /api/payments/razorpay/webhook (see payment-webhooks.ts). */
    receiveWebhook(input: { rawBody: string; signature: string | undefined; eventId: string | undefined }) {
      return handleWebhook({ repo, transaction, webhookSecret: deps.webhookSecret, newId: randomUUID }, input);
    },

    /** Whether the test checkout exists at all: only while no real Razorpay keys are configured. */
    get simulated(): boolean {
      return isSimulated(gateway);
    },

    /** POST /api/payments/simulated/checkout: pays (or fails) the caller's own Pending order in the simulated gateway. */
    async simulatedCheckout(userId: string, gatewayOrderId: string, outcome: 'success' | 'failure'): Promise<CheckoutResponse> {
      if (!isSimulated(gateway)) throw notFound('not_found', 'Not found');
      const payment = await repo.findByGatewayOrderId(gatewayOrderId);
      const order = payment && (await orders.paymentState(payment.orderId));
      if (!order || order.userId !== userId) throw notFound('payment_not_found', 'Payment not found');
      if (order.isPaid || order.status !== DbOrderStatus.PENDING) throw conflict('order_not_pending', 'This order is no longer waiting for a payment');
      const response = await gateway.checkout(gatewayOrderId, outcome).catch((error: unknown) => {
        throw Object.assign(new AppError('unavailable', 'payment_gateway_unavailable', 'The test payment could not be made; please try again'), { cause: error });
      });
      if (!response) throw notFound('payment_not_found', 'Payment not found');
      return response;
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
