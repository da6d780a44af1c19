import { create } from 'zustand';
import type { ProductDto } from '@core/contracts/http/product-replies';
import type { LoadedList } from '../../../lib/load-status';

type SellerProductsState = LoadedList<'products', ProductDto> & {
  /** A live or local change: replaced in place or added first (the seller sees out-of-stock products too). */
  productReceived: (product: ProductDto) => void;
  stockToggled: (id: string, inStock: boolean) => void;
  productRemoved: (id: string) => void;
};

export const useSellerProducts = create<SellerProductsState>()((set) => ({
  products: [],
  status: 'idle',
  productsRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' })),
  productsLoaded: (products) => set({ products, status: 'ready' }),
  productsFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  productReceived: (product) =>
    set((s) =>
      s.products.some((p) => p._id === product._id)
        ? { products: s.products.map((p) => (p._id === product._id ? product : p)) }
        : { products: [product, ...s.products] },
    ),
  stockToggled: (id, inStock) => set((s) => ({ products: s.products.map((p) => (p._id === id ? { ...p, inStock } : p)) })),
  productRemoved: (id) => set((s) => ({ products: s.products.filter((p) => p._id !== id) })),
}));
