/** Whether shoppers can buy a product, and how many units are left to sell (null = not counted). */
export type Availability = { inStock: boolean; stockQuantity: number | null };

/**
 * Availability after a seller sets a new stock quantity while editing a product (undefined = quantity unchanged).
 * - 0 units: sold out, so out of stock.
 * - Units added to a product that had sold out (0 left): back in stock; restocking is how a seller reopens it.
 * - Otherwise the seller's own in/out of stock choice stands: a product they took off sale stays off sale.
 */
export function availabilityAfterStockEdit(current: Availability, stock: number | null | undefined): Availability {
  if (stock === undefined) return { inStock: current.inStock, stockQuantity: current.stockQuantity };
  if (stock === 0) return { inStock: false, stockQuantity: 0 };
  if (stock !== null && current.stockQuantity === 0) return { inStock: true, stockQuantity: stock };
  return { inStock: current.inStock, stockQuantity: stock };
}
