/**
 * The one order status machine, shared by server, workers and client (docs/architecture.md, invariant 4).
 *
 * Pending (online payment not yet confirmed) → Order Placed → On The Way → Delivered;
 * Pending or Order Placed → Cancelled. Status only ever moves forward.
 */
export const OrderStatus = {
  Pending: 'Pending',
  OrderPlaced: 'Order Placed',
  OnTheWay: 'On The Way',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

/** The delivery sequence a seller moves an order along (the seller board's dropdown). */
export const SELLER_STATUS_SEQUENCE = [OrderStatus.OrderPlaced, OrderStatus.OnTheWay, OrderStatus.Delivered] as const;

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.Pending]: [OrderStatus.OrderPlaced, OrderStatus.Cancelled],
  // Skipping ahead (Order Placed → Delivered) is allowed, as the board's dropdown offers it.
  [OrderStatus.OrderPlaced]: [OrderStatus.OnTheWay, OrderStatus.Delivered, OrderStatus.Cancelled],
  [OrderStatus.OnTheWay]: [OrderStatus.Delivered],
  [OrderStatus.Delivered]: [],
  [OrderStatus.Cancelled]: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function isFinal(status: OrderStatus): boolean {
  return NEXT[status].length === 0;
}

/**
 * Which seller choices are still reachable from the current status (earlier ones are disabled). A Pending order waits
 * for its online payment, which alone places it: none of them is the seller's to choose until then (cancelling is).
 */
export function sellerChoices(current: OrderStatus): { status: OrderStatus; enabled: boolean }[] {
  return SELLER_STATUS_SEQUENCE.map((status) => ({
    status,
    enabled: status === current || (current !== OrderStatus.Pending && canTransition(current, status)),
  }));
}

/** The colour of each status: yellow, blue, purple, green, red. */
export const STATUS_COLOUR: Record<OrderStatus, 'yellow' | 'blue' | 'purple' | 'green' | 'red'> = {
  [OrderStatus.Pending]: 'yellow',
  [OrderStatus.OrderPlaced]: 'blue',
  [OrderStatus.OnTheWay]: 'purple',
  [OrderStatus.Delivered]: 'green',
  [OrderStatus.Cancelled]: 'red',
};
