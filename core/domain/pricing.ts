import type { Paise } from './money';

/** The platform fee, ₹2, added to every order; shipping is free. */
export const PLATFORM_FEE_PAISE: Paise = 200;

export type PricedLine = { unitPricePaise: Paise; quantity: number };

/**
 * Σ offerPrice × quantity. The cart amount is rounded down to 2 decimals; in integer paise the sum is already
 * exact, so flooring is a no-op kept explicit for the day prices gain sub-paise precision.
 */
export function itemsTotal(lines: readonly PricedLine[]): Paise {
  return Math.floor(lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0));
}

export function orderAmount(lines: readonly PricedLine[]): Paise {
  return itemsTotal(lines) + PLATFORM_FEE_PAISE;
}
