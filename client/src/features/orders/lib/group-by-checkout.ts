import type { OrderDto } from '@core/contracts/http/order-replies';

/** The orders of one checkout: one per store of the cart that was placed. */
export type CheckoutGroup = { checkoutId: string; orders: OrderDto[] };

/**
 * Orders grouped by the checkout they were placed in, checkouts in the order their first order appears (My Orders
 * holds them newest first), each checkout's orders by store name so the group does not reshuffle as they change.
 */
export function groupByCheckout(orders: OrderDto[]): CheckoutGroup[] {
  const groups = new Map<string, CheckoutGroup>();
  for (const order of orders) {
    let group = groups.get(order.checkoutId);
    if (!group) groups.set(order.checkoutId, (group = { checkoutId: order.checkoutId, orders: [] }));
    group.orders.push(order);
  }
  for (const group of groups.values()) group.orders.sort((a, b) => a.seller.storeName.localeCompare(b.seller.storeName) || a.orderId.localeCompare(b.orderId));
  return [...groups.values()];
}

/** What the shopper paid for a checkout: its orders' amounts (the platform fee is in one of them). */
export function checkoutAmount(group: CheckoutGroup): number {
  return group.orders.reduce((paise, o) => paise + Math.round(o.amount * 100), 0) / 100;
}
