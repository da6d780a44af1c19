/**
 * One toast per failed order: the local failure and the server's `payment.failed` message replace each other.
 * A module of its own so the live updates (loaded on every page) need not load the payment flow.
 */
export function paymentFailedToastId(dbOrderId: string): string {
  return `payment-failed-${dbOrderId}`;
}
