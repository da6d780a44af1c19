import type { ProductDto } from '@core/contracts/http/product-replies';

/** The order contract's largest quantity per line (core/contracts/http/orders.ts). */
export const MAX_QUANTITY = 1000;

/**
 * The most units of a product one cart line can hold: its stock when the store counts it (null: not counted), and
 * never more than an order takes. The server keeps no more than the stock either, so adding past it would only be
 * taken back.
 */
export function quantityLimit(stock: ProductDto['stock']): number {
  return Math.min(stock ?? MAX_QUANTITY, MAX_QUANTITY);
}

/** Shown by a line that holds all of a counted stock, saying why it cannot grow; null while it still can. */
export function stockNote(stock: ProductDto['stock'], quantity: number): string | null {
  if (stock === null || quantity < stock) return null;
  return stock === 0 ? 'Out of stock' : `Only ${stock} left`;
}
