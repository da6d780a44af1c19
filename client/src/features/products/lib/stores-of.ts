import type { ProductDto } from '@core/contracts/http/product-replies';
import type { StoreRef } from '@core/contracts/http/store-replies';

/** The stores that sell the given products, each once, by name: the product list's store filter. */
export function storesOf(products: Pick<ProductDto, 'seller'>[]): StoreRef[] {
  const byId = new Map<string, StoreRef>();
  for (const { seller } of products) if (!byId.has(seller.id)) byId.set(seller.id, { id: seller.id, storeName: seller.storeName });
  return [...byId.values()].sort((a, b) => a.storeName.localeCompare(b.storeName));
}
