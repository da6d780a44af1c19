import type { RefundDto } from '@core/contracts/http/order-replies';
import { formatRupees } from '@core/domain/money';

/** An order's refund in words, as My Orders and the confirmation page say it. */
export function refundText(refund: RefundDto): string {
  const amount = formatRupees(refund.amount);
  if (refund.status === 'processed') return `Refunded ${amount}`;
  if (refund.status === 'failed') return `Refund of ${amount} failed: our support team will contact you`;
  return `Refund of ${amount} on its way`;
}
