import type { OrderDto } from '@core/contracts/http/order-replies';
import { OrderStatus } from '@core/domain/order-status';
import { orderStatusOf } from '../../../lib/order-status';
import { refundText } from './refund-text';

/**
 * The confirmation page's payment line for a checkout's orders (one per store, one payment for all). A payment
 * decides every order at once: each is placed and paid, or cancelled, with its part refunded when money came for it
 * (its store cancelled it, or was suspended, while the payment was under way). "Confirming" lasts only while an
 * order still waits for the payment; after that the line says how it ended, refunds included.
 */
export function placedPaymentText(orders: readonly OrderDto[]): string {
  const several = orders.length > 1;
  if (orders[0]!.paymentType === 'COD') return several ? 'Cash on delivery: pay each store’s order when it arrives.' : 'Cash on delivery: pay when it arrives.';
  if (orders.some((o) => orderStatusOf(o) === OrderStatus.Pending)) return 'Payment confirming…';
  const cancelled = orders.filter((o) => orderStatusOf(o) === OrderStatus.Cancelled);
  if (cancelled.length === 0) return 'Paid';
  const refunded = cancelled.filter((o) => o.refund !== null);
  if (refunded.length === 0) return several ? 'Payment not completed: the orders were cancelled.' : 'Payment not completed: the order was cancelled.';
  if (!several) return `Paid, but the order was cancelled. ${refundText(refunded[0]!.refund!)}.`;
  const parts = refunded.map((o) => `${o.seller.storeName}’s order was cancelled. ${refundText(o.refund!)}`);
  return `Paid. ${parts.join('. ')}.`;
}
