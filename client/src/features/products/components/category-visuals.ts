import type { CategoryPath } from '@core/domain/categories';
import vegetables from '../../../assets/category-vegetables.svg';
import fruits from '../../../assets/category-fruits.svg';
import drinks from '../../../assets/category-drinks.svg';
import instant from '../../../assets/category-instant.svg';
import dairy from '../../../assets/category-dairy.svg';
import bakery from '../../../assets/category-bakery.svg';
import grains from '../../../assets/category-grains.svg';

/** Images for the fixed category list in core/domain/categories.ts (names and colours live there). */
export const CATEGORY_IMAGE: Record<CategoryPath, string> = {
  Vegetables: vegetables,
  Fruits: fruits,
  Drinks: drinks,
  Instant: instant,
  Dairy: dairy,
  Bakery: bakery,
  Grains: grains,
};

export function categoryHref(path: string): string {
  return `/products/${path.toLowerCase()}`;
}

export function productHref(product: { _id: string; category: string }): string {
  return `/products/${product.category.toLowerCase()}/${product._id}`;
}

/** A store's products: the product list filtered to it, with the store's name as its heading. */
export function storeHref(seller: { id: string }): string {
  return `/products?seller=${encodeURIComponent(seller.id)}`;
}
