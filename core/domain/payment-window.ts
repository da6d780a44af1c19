/**
 * How long an unpaid online order can still be paid. The server opens Checkout only with these to spare before the
 * order expires (payment-service.ts), and My Orders counts down to the same moment, so "Pay now" is never offered
 * when the server would refuse it.
 */

/** Checkout closes this long before the order expires, so a payment started in it can finish before the reconciler looks. */
export const CHECKOUT_MARGIN_SECONDS = 120;
/** Reopening Checkout for less than this is pointless: the shopper could not finish paying. */
export const MIN_CHECKOUT_SECONDS = 60;

/** The last moment Checkout may open for an order expiring at `expiresAt` (epoch milliseconds both). */
export function payDeadlineMs(expiresAt: number): number {
  return expiresAt - (MIN_CHECKOUT_SECONDS + CHECKOUT_MARGIN_SECONDS) * 1000;
}
