import type { ProductDto } from '../../contracts/http/products';
import { paiseToRupees } from '../../domain/money';

export type ProductRow = {
  id: string;
  name: string;
  category: string;
  description: string[];
  pricePaise: number;
  offerPricePaise: number;
  images: string[];
  inStock: boolean;
  stockQuantity: number | null;
  createdAt: Date;
  version: number;
  seller: { id: string; storeName: string };
};

/** The columns behind the API's product shape: select these to get a ProductRow. */
export const productRowSelect = {
  id: true,
  name: true,
  category: true,
  description: true,
  pricePaise: true,
  offerPricePaise: true,
  images: true,
  inStock: true,
  stockQuantity: true,
  createdAt: true,
  version: true,
  seller: { select: { id: true, storeName: true } },
} as const;

/** Database row → the public product shape (prices in rupees). */
export function toProductDto(p: ProductRow): ProductDto {
  return {
    _id: p.id,
    name: p.name,
    category: p.category,
    description: p.description,
    price: paiseToRupees(p.pricePaise),
    offerPrice: paiseToRupees(p.offerPricePaise),
    images: p.images,
    inStock: p.inStock,
    stock: p.stockQuantity,
    seller: { id: p.seller.id, storeName: p.seller.storeName },
    createdAt: p.createdAt.toISOString(),
    version: p.version,
  };
}
