import { DbOrderStatus } from './order-enums';
import type { CheckoutOrderState, CheckoutPaymentState } from './order-repository';

/**
 * Questions the payment flow asks of a checkout. One payment pays every store's order of it at once, so they are
 * paid together; after that each order lives on its own (one may be cancelled and refunded, the others delivered).
 */

/** Whether a payment has been taken for the checkout: capture marks all its orders paid in one transaction. */
export const isCheckoutPaid = (checkout: CheckoutPaymentState): boolean => checkout.orders.some((o) => o.isPaid);

/** The orders still waiting for the payment: Pending and unpaid. */
export const awaitingPayment = (checkout: CheckoutPaymentState): CheckoutOrderState[] =>
  checkout.orders.filter((o) => o.status === DbOrderStatus.PENDING && !o.isPaid);

/** Whether a payment is still wanted: unpaid, with an order still Pending. */
export const isAwaitingPayment = (checkout: CheckoutPaymentState): boolean => !isCheckoutPaid(checkout) && awaitingPayment(checkout).length > 0;

/** The order that carries the platform fee: the one replies name when they name one. */
export const firstOrderOf = (checkout: CheckoutPaymentState): CheckoutOrderState =>
  checkout.orders.find((o) => o.feePaise > 0) ?? checkout.orders[0]!;
