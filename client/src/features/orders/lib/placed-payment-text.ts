import type { OrderDto, RefundDto } from '@core/contracts/http/order-replies';
import { formatRupees } from '@core/domain/money';
import { OrderStatus } from '@core/domain/order-status';
import { orderStatusOf } from '../../../lib/order-status';

/** A refund in words, inside a sentence. */
function refundPhrase(refund: RefundDto): string {
  const amount = formatRupees(refund.amount);
  if (refund.status === 'processed') return `${amount} refunded`;
  if (refund.status === 'failed') return `the refund of ${amount} failed, and our support team will contact you`;
  return `a refund of ${amount} is on its way`;
}

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
  if (!several) return `Paid, but the order was cancelled: ${refundPhrase(refunded[0]!.refund!)}.`;
  const parts = refunded.map((o) => `${o.seller.storeName}’s order was cancelled: ${refundPhrase(o.refund!)}`);
  return `Paid. ${parts.join('. ')}.`;
}
