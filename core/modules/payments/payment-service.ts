import { randomUUID } from 'node:crypto';
import { inBatches } from '../../infra/batches';
import type { RazorpayCreateReply, VerifyBody } from '../../contracts/http/payments';
import { AppError, conflict, notFound } from '../../domain/errors';
import { OrderStatus } from '../../domain/order-status';
import { CHECKOUT_MARGIN_SECONDS, MIN_CHECKOUT_SECONDS } from '../../domain/payment-window';
import { isSelling } from '../../domain/store-status';
import type { Transaction } from '../../infra/prisma';
import type { AccountService } from '../accounts/account-service';
import { firstOrderOf, isAwaitingPayment, isCheckoutPaid } from '../orders/checkout-state';
import { DbOrderStatus, DbPaymentType } from '../orders/order-enums';
import type { CheckoutPaymentState } from '../orders/order-repository';
import type { OrderService } from '../orders/order-service';
import { lockStockOf, transitionOrder } from '../orders/order-transitions';
import { appendEvent } from '../outbox/outbox-writer';
import type { StoreService } from '../stores/store-service';
import { isSimulated } from './payment-gateway-factory';
import { GatewayError, type PaymentGateway } from './payment-gateway';
import type { PaymentRepository, PaymentRow } from './payment-repository';
import { handleWebhook } from './payment-webhooks';
import type { RefundService } from './refund-service';
import type { TestCheckoutOutcome, TestCheckoutResult } from './simulated-gateway';

/**
 * The request side of online payment: creating the Pending checkout (one order per store) and its one gateway order, reopening Checkout for it
 * ("Pay now"), taking a checkout callback, taking a webhook, and the simulated gateway's test checkout. Deciding a
 * payment happens later, in the payments worker (payment-settlement.ts); these calls only record what arrived and
 * enqueue it through the outbox, so they answer fast and lose nothing.
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

/** What the shopper is told when the gateway failed us, by kind; the log gets the details. */
function gatewayProblem(error: unknown): AppError {
  if (error instanceof GatewayError && error.kind === 'rejected') {
    return conflict('payment_rejected', 'The payment gateway refused to start a payment for this order, so it was not placed. Please choose Cash on Delivery.');
  }
  return new AppError(
    'unavailable',
    'payment_gateway_unavailable',
    'Online payment is not available right now, so your order was not placed. Please try again in a moment or choose Cash on Delivery.',
  );
}

export type GatewayErrorLog = (fields: { kind: string; checkoutId: string; operation: string; err: string }, message: string) => void;

export function createPaymentService(deps: {
  repo: PaymentRepository;
  transaction: Transaction;
  orders: OrderService;
  accounts: Pick<AccountService, 'contact'>;
  stores: Pick<StoreService, 'find'>;
  gateway: PaymentGateway;
  webhookSecret: string;
  refunds: RefundService;
  /** Where gateway failures are reported, with their kind and the checkout they concern. */
  logGatewayError: GatewayErrorLog;
}) {
  const { repo, transaction, orders, gateway } = deps;

  function reportGatewayError(error: unknown, checkoutId: string, operation: string): void {
    const kind = error instanceof GatewayError ? error.kind : 'unexpected';
    deps.logGatewayError({ kind, checkoutId, operation, err: (error as Error)?.message ?? String(error) }, `payment gateway ${operation} failed (${kind})`);
  }

  async function checkoutReply(checkout: CheckoutPaymentState, payment: PaymentRow, userId: string): Promise<RazorpayCreateReply> {
    const user = await deps.accounts.contact(userId);
    const left = checkout.expiresAt ? Math.floor((checkout.expiresAt.getTime() - Date.now()) / 1000) : MIN_CHECKOUT_SECONDS + CHECKOUT_MARGIN_SECONDS;
    const addressPhone = String((checkout.address as { phone?: unknown } | null)?.phone ?? '');
    return {
      success: true,
      // Razorpay Checkout takes the amount in paise: the whole checkout, every store's order of it.
      order: { id: payment.gatewayOrderId, amount: payment.amountPaise, currency: payment.currency },
      dbOrderId: firstOrderOf(checkout).id,
      checkoutId: checkout.checkoutId,
      orderIds: checkout.orders.map((o) => o.id),
      key: gateway.keyId,
      gateway: gateway.name,
      prefill: { name: user?.name ?? '', email: user?.email ?? '', contact: user?.phone ?? addressPhone },
      timeoutSeconds: Math.max(MIN_CHECKOUT_SECONDS, left - CHECKOUT_MARGIN_SECONDS),
      expiresAt: checkout.expiresAt?.toISOString() ?? null,
    };
  }

  /** A double submit (same Idempotency-Key) gets the first checkout back, or the reason it cannot continue. */
  async function replay(checkoutId: string, userId: string): Promise<RazorpayCreateReply> {
    const [checkout, payment] = await Promise.all([orders.checkoutState(checkoutId), repo.latestPaymentOfCheckout(checkoutId)]);
    const waiting = checkout !== null && isAwaitingPayment(checkout);
    if (waiting && payment) {
      // Checkout opens again on this path too, so it may do so only when "Pay now" would.
      await assertPayableNow(checkout);
      return checkoutReply(checkout, payment, userId);
    }
    if (checkout && !payment && checkout.orders.every((o) => o.status === DbOrderStatus.CANCELLED)) throw gatewayProblem(null);
    if (waiting) throw conflict('payment_preparing', 'Your payment is still being prepared; try again in a moment');
    throw conflict('order_not_pending', 'This order is no longer waiting for a payment');
  }

  /**
   * The names of those stores that do not sell now (suspended, or otherwise not approved), in name order. The standing
   * can still change right after this read; a payment that lands then is the settlement's to decide.
   */
  async function storesNotSelling(sellerIds: string[]): Promise<string[]> {
    const stores = await Promise.all([...new Set(sellerIds)].map((id) => deps.stores.find(id)));
    return stores
      .filter((s) => s !== null && !isSelling(s.status))
      .map((s) => s!.storeName)
      .sort();
  }

  /**
   * Whether Checkout may open again for a waiting checkout ("Pay now", or a create sent again with its Idempotency-Key);
   * a 409 that says why not otherwise.
   */
  async function assertPayableNow(checkout: CheckoutPaymentState): Promise<void> {
    // The one gateway order is for the whole checkout: paying it now would charge for a store's order that store
    // cancelled, to refund it days later. (A shopper's own cancellation cancels every order waiting with it.)
    if (checkout.orders.some((o) => o.status === DbOrderStatus.CANCELLED)) {
      throw conflict(
        'checkout_part_cancelled',
        'A store cancelled its part of this checkout, so it cannot be paid as it was placed. Cancel this order and order the rest again: your cart still has the items.',
      );
    }
    // A store the operator suspended since the checkout must not take new money, as a new checkout would refuse it
    // (place_checkout). The orders stay as they are: they expire, or the shopper cancels them.
    const closed = await storesNotSelling(checkout.orders.map((o) => o.sellerId));
    if (closed.length > 0) {
      throw conflict(
        'store_not_selling',
        `${closed.join(' and ')} ${closed.length === 1 ? 'is' : 'are'} not selling on FreshCart at the moment, so this order cannot be paid; nothing was charged. Cancel it, or leave it to be cancelled by itself when its time to pay runs out. Your cart still has the items.`,
      );
    }
    const left = checkout.expiresAt ? (checkout.expiresAt.getTime() - Date.now()) / 1000 : Infinity;
    if (left - CHECKOUT_MARGIN_SECONDS < MIN_CHECKOUT_SECONDS) {
      throw conflict('payment_window_closed', 'The time to pay for this order is over; it will be cancelled and its items released shortly');
    }
  }

  /** The checkout of the caller's own online order; 404 for anyone else's (or no) order. */
  async function ownOnlineCheckout(userId: string, orderId: string): Promise<CheckoutPaymentState> {
    const checkout = await orders.checkoutOfOrder(orderId);
    if (!checkout || checkout.userId !== userId) throw notFound('order_not_found', 'Order not found');
    if (checkout.paymentType !== DbPaymentType.ONLINE) throw conflict('not_online', 'This order is paid on delivery, not online');
    return checkout;
  }

  return {
    /**
     * POST /api/order/razorpay/create. The order service places the Pending order (server prices, stock reserved,
     * address snapshot, outbox) in its own transaction; only then is the gateway called, because no database
     * transaction or stock lock may wait on a remote API. If the gateway fails, the order is cancelled through the
     * state machine (which returns the stock) and the shopper is told plainly. The cart stays as it is until the
     * payment places the order for good.
     */
    async createOnlineOrder(input: CreateOnlineOrderInput): Promise<CreateOnlineOrderResult> {
      const placed = await orders.placeOrder({
        userId: input.userId,
        items: input.items,
        addressId: input.addressId,
        paymentType: 'Online',
        idempotencyKey: input.idempotencyKey,
      });
      const checkoutId = placed.id;
      if (!placed.created) return { reply: await replay(checkoutId, input.userId), created: false };

      let payment: PaymentRow;
      try {
        // One gateway order for the whole checkout; its receipt is the checkout's id.
        const gatewayOrder = await gateway.createOrder({ amountPaise: placed.amountPaise, currency: CURRENCY, receipt: checkoutId, notes: { checkoutNumber: placed.checkoutId } });
        payment = await repo.insertPayment({
          checkoutId,
          gateway: gateway.name,
          gatewayOrderId: gatewayOrder.id,
          amountPaise: placed.amountPaise,
          currency: gatewayOrder.currency,
          raw: gatewayOrder,
        });
      } catch (error) {
        reportGatewayError(error, checkoutId, 'orders.create');
        await transaction(async (tx) => {
          // As the settlement locks them: the checkout's orders in id order, then all their products in id order.
          await orders.lockCheckout(tx, checkoutId);
          const orderIds = placed.orders.map((o) => o._id).sort();
          await lockStockOf(tx, orderIds);
          for (const orderId of orderIds) {
            await transitionOrder(tx, { orderId, to: OrderStatus.Cancelled, actor: { type: 'system' }, note: 'The payment gateway could not start a payment' });
          }
        });
        throw Object.assign(gatewayProblem(error), { cause: error });
      }
      const checkout = (await orders.checkoutState(checkoutId))!;
      return { reply: await checkoutReply(checkout, payment, input.userId), created: true };
    },

    /**
     * POST /api/order/:id/pay ("Pay now" on My Orders): Checkout again for the same gateway order of the shopper's own
     * Pending online order, as Razorpay lets a shopper retry on one order, until the order expires.
     */
    async payAgain(userId: string, orderId: string): Promise<RazorpayCreateReply> {
      const checkout = await ownOnlineCheckout(userId, orderId);
      const order = checkout.orders.find((o) => o.id === orderId)!;
      if (order.isPaid || order.status !== DbOrderStatus.PENDING) throw conflict('order_not_pending', 'This order is no longer waiting for a payment');
      await assertPayableNow(checkout);
      const payment = await repo.latestPaymentOfCheckout(checkout.id);
      if (!payment) throw conflict('payment_preparing', 'Your payment is still being prepared; try again in a moment');
      return checkoutReply(checkout, payment, userId);
    },

    /**
     * POST /api/order/razorpay/verify: records the attempt and a `payment.submitted` event in one transaction and
     * returns at once; the worker decides. Only the caller's own order is found (404 otherwise). The body's
     * razorpay_order_id is deliberately unused: the worker signs against the gateway order id stored with the order.
     */
    async submitCheckout(userId: string, body: VerifyBody): Promise<{ message: string }> {
      const checkout = await ownOnlineCheckout(userId, body.orderId);
      const payment = await repo.latestPaymentOfCheckout(checkout.id);
      if (!payment) throw conflict('payment_not_started', 'No online payment was started for this order');

      return transaction(async (tx) => {
        // The checkout's order row locks (taken first, as the worker and transitionOrder do) serialise two submissions
        // of the same callback, so a replay finds the first one's attempt and is answered the same way, adding nothing.
        const current = await orders.lockCheckout(tx, checkout.id);
        const attempt = { paymentId: payment.id, source: 'checkout' as const, gatewayPaymentId: body.razorpay_payment_id, signature: body.razorpay_signature.toLowerCase() };
        if (await repo.findAttempt(tx, attempt)) return { message: 'Payment received, confirming…' };
        if (current && isCheckoutPaid(current) && payment.gatewayPaymentId === attempt.gatewayPaymentId) return { message: 'Payment already confirmed' };
        // A payment that arrives for a cancelled (or already paid) order is still recorded and decided: the worker
        // restores the order or refunds the money, so nothing a shopper paid is ever left without an answer.
        // Counted under the same order lock, so parallel callbacks cannot all pass the cap.
        if ((await repo.countAttempts(tx, payment.id, 'checkout')) >= MAX_CHECKOUT_ATTEMPTS) {
          throw conflict('too_many_payment_attempts', 'Too many payment confirmations for this order. If you paid, it will be confirmed automatically.');
        }

        const attemptId = await repo.createAttempt(tx, attempt);
        await repo.markSubmitted(tx, payment.id);
        await appendEvent(tx, 'payment.submitted', { checkoutId: checkout.id, paymentId: payment.id, source: 'checkout', gatewayPaymentId: attempt.gatewayPaymentId, signature: attempt.signature, attemptId });
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
      return handleWebhook({ repo, transaction, webhookSecret: deps.webhookSecret, newId: randomUUID, applyRefund: deps.refunds.apply }, input);
    },

    /** Whether the test checkout exists at all: only while no real Razorpay keys are configured. */
    get simulated(): boolean {
      return isSimulated(gateway);
    },

    /**
     * POST /api/payments/simulated/checkout: a payment on the caller's own gateway order in the simulated gateway, with
     * the outcome the test checkout chose (and how a refund of it will end). Like real Checkout, it takes a payment on
     * any order it still knows, even one our side has cancelled: that is how a late payment happens.
     */
    async simulatedCheckout(userId: string, input: { gatewayOrderId: string; outcome: TestCheckoutOutcome; refund?: 'processed' | 'failed' }): Promise<TestCheckoutResult> {
      if (!isSimulated(gateway)) throw notFound('not_found', 'Not found');
      const payment = await repo.findByGatewayOrderId(input.gatewayOrderId);
      const checkout = payment && (await orders.checkoutState(payment.checkoutId));
      if (!checkout || checkout.userId !== userId) throw notFound('payment_not_found', 'Payment not found');
      const result = await gateway.checkout(input.gatewayOrderId, input.outcome, { refund: input.refund }).catch((error: unknown) => {
        throw Object.assign(new AppError('unavailable', 'payment_gateway_unavailable', 'The test payment could not be made; please try again'), { cause: error });
      });
      if (!result) throw notFound('payment_not_found', 'Payment not found');
      return result;
    },

    /** POST /api/payments/simulated/complete: the shopper approves (or declines) a pending UPI collect, however late. */
    async simulatedComplete(userId: string, gatewayPaymentId: string, outcome: 'success' | 'failure'): Promise<{ status: string }> {
      if (!isSimulated(gateway)) throw notFound('not_found', 'Not found');
      const reported = await gateway.fetchPayment(gatewayPaymentId).catch(() => null);
      const ours = reported?.orderId ? await repo.findByGatewayOrderId(reported.orderId) : null;
      const checkout = ours && (await orders.checkoutState(ours.checkoutId));
      if (!reported || !checkout || checkout.userId !== userId) throw notFound('payment_not_found', 'Payment not found');
      const done = await gateway.completePayment(gatewayPaymentId, outcome);
      return { status: done?.status ?? reported.status };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
