import { OrderStatus } from './order-status';

/**
 * The arrival time a store promises when an order goes On The Way. The seller may give their own estimate; without
 * one the store's default applies. Bounds keep a typo (0, or 5000 minutes) from becoming a promise to a shopper.
 */
export const DEFAULT_ETA_MINUTES = 10;
export const MIN_ETA_MINUTES = 1;
export const MAX_ETA_MINUTES = 240;

/** What the seller is told when their ETA is not one the store can promise. */
export const ETA_RANGE_MESSAGE = `Minutes must be a whole number from ${MIN_ETA_MINUTES} to ${MAX_ETA_MINUTES}`;

/** The seller's typed ETA as minutes, or null when it is not a whole number within the bounds (empty included). */
export function etaMinutesFrom(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= MIN_ETA_MINUTES && minutes <= MAX_ETA_MINUTES ? minutes : null;
}

export function promisedAtFrom(now: Date, etaMinutes: number = DEFAULT_ETA_MINUTES): Date {
  return new Date(now.getTime() + etaMinutes * 60_000);
}

/** Whole minutes left until the promise, rounded up (1 min until the very end); 0 or less once it has passed. */
export function minutesUntil(promisedAt: Date, now: Date): number {
  return Math.ceil((promisedAt.getTime() - now.getTime()) / 60_000);
}

/** An order still on its way after its promised time is late; delivered or cancelled orders are not. */
export function isPastPromise(order: { status: string; promisedAt: string | null }, now: Date): boolean {
  return order.status === OrderStatus.OnTheWay && order.promisedAt !== null && new Date(order.promisedAt).getTime() < now.getTime();
}

/** The seller board's order: late orders first, each group keeping the order it came in (newest first). */
export function lateFirst<T extends { status: string; promisedAt: string | null }>(orders: readonly T[], now: Date): { orders: T[]; late: Set<T> } {
  const late = new Set(orders.filter((o) => isPastPromise(o, now)));
  return { orders: [...orders.filter((o) => late.has(o)), ...orders.filter((o) => !late.has(o))], late };
}
