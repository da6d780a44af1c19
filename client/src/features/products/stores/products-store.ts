import { create } from 'zustand';
import type { ProductDto } from '@core/contracts/http/product-replies';
import type { LoadedList } from '../../../lib/load-status';

/** `products` holds in-stock products only: out-of-stock ones are hidden from shoppers. */
type ProductsState = LoadedList<'products', ProductDto> & {
  /** A live `product.updated`: replaced in place, added when new, removed when out of stock. */
  productReceived: (product: ProductDto) => void;
  productRemoved: (productId: string) => void;
};

export const useProducts = create<ProductsState>()((set) => ({
  products: [],
  status: 'idle',
  productsRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' })),
  productsLoaded: (products) => set({ products: products.filter((p) => p.inStock), status: 'ready' }),
  productsFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  productReceived: (product) =>
    set((s) => {
      const at = s.products.findIndex((p) => p._id === product._id);
      if (!product.inStock) return at < 0 ? s : { products: s.products.filter((p) => p._id !== product._id) };
      if (at < 0) return { products: [...s.products, product] };
      return { products: s.products.map((p) => (p._id === product._id ? product : p)) };
    }),
  productRemoved: (productId) => set((s) => ({ products: s.products.filter((p) => p._id !== productId) })),
}));
