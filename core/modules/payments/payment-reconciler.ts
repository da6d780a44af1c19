import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import type { OrderPaymentState } from '../orders/order-repository';
import type { OrderService } from '../orders/order-service';
import { isMoneySecured, type GatewayPayment, type PaymentGateway } from './payment-gateway';
import type { PaymentRepository, PaymentRow } from './payment-repository';
import type { PaymentSettlement } from './payment-settlement';

/** Orders looked at per run, oldest first; a backlog drains over a few runs instead of one long one. */
const BATCH = 50;

export type ReconcileSummary = { checked: number; paid: number; expired: number; waiting: number; errors: number };

const belongsTo = (payment: PaymentRow) => (p: GatewayPayment) =>
  isMoneySecured(p.status) && p.orderId === payment.gatewayOrderId && p.amountPaise === payment.amountPaise && p.currency === payment.currency;

/**
 * Finds the payments whose callback and webhooks never arrived: Pending online
 * orders older than `reconcileAfterMinutes` are looked up at the gateway (`orders.fetchPayments`). Money secured →
 * the same settlement as a callback; nothing and past `expiryMinutes` → Cancelled with stock released. When the
 * gateway cannot be asked, nothing is expired: an order we cannot check might have been paid.
 */
export function createPaymentReconciler(deps: {
  repo: PaymentRepository;
  orders: Pick<OrderService, 'stalePendingOnline'>;
  gateway: PaymentGateway;
  settlement: PaymentSettlement;
  payments: Config['payments'];
  logger: Logger;
}) {
  const { repo, orders, gateway, settlement, payments, logger } = deps;

  async function reconcileOrder(order: OrderPaymentState, now: Date): Promise<'paid' | 'expired' | 'waiting'> {
    for (const payment of await repo.paymentsOfOrder(order.id)) {
      const secured = (await gateway.fetchOrderPayments(payment.gatewayOrderId)).find(belongsTo(payment));
      if (!secured) continue;
      const outcome = await settlement.settle({ paymentId: payment.id, gatewayPaymentId: secured.id, source: 'reconciler', signature: null });
      logger.info({ orderId: order.id, gatewayPaymentId: secured.id, outcome }, 'reconciler: payment found');
      return outcome === 'paid' || outcome === 'already_paid' ? 'paid' : 'waiting';
    }
    if (order.createdAt.getTime() > now.getTime() - payments.expiryMinutes * 60_000) return 'waiting';
    const outcome = await settlement.expire(order.id, payments.expiryMinutes);
    logger.info({ orderId: order.id, outcome }, 'reconciler: unpaid order expired');
    return outcome === 'expired' ? 'expired' : 'waiting';
  }

  return {
    async runOnce(now = new Date()): Promise<ReconcileSummary> {
      const stale = await orders.stalePendingOnline(new Date(now.getTime() - payments.reconcileAfterMinutes * 60_000), BATCH);
      const summary: ReconcileSummary = { checked: stale.length, paid: 0, expired: 0, waiting: 0, errors: 0 };
      for (const order of stale) {
        try {
          summary[await reconcileOrder(order, now)] += 1;
        } catch (error) {
          // One order's gateway trouble must not stop the others; it is simply looked at again next run.
          summary.errors += 1;
          logger.warn({ orderId: order.id, err: (error as Error).message }, 'reconciler: order skipped');
        }
      }
      return summary;
    },
  };
}
export type PaymentReconciler = ReturnType<typeof createPaymentReconciler>;
