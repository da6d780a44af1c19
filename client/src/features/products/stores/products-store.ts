import { create } from 'zustand';
import type { ProductDto } from '@core/contracts/http/product-replies';
import type { LoadedList } from '../../../lib/load-status';

/** A live `product.updated` or `product.removed`. */
type LiveChange = { product: ProductDto } | { removedId: string };

/** `products` holds in-stock products only: out-of-stock ones are hidden from shoppers. */
type ProductsState = LoadedList<'products', ProductDto> & {
  /**
   * The live changes received since the snapshot's request started; null while none is on its way. The snapshot may
   * have been built before them, and products carry no version to tell, so they are applied again on top of it when
   * it lands (applying one the snapshot already reflects changes nothing).
   */
  sinceRequest: LiveChange[] | null;
  /** A live `product.updated`: replaced in place, added when new, removed when out of stock. */
  productReceived: (product: ProductDto) => void;
  productRemoved: (productId: string) => void;
};

function applied(products: ProductDto[], change: LiveChange): ProductDto[] {
  const id = 'product' in change ? change.product._id : change.removedId;
  const held = products.some((p) => p._id === id);
  if (!('product' in change) || !change.product.inStock) return held ? products.filter((p) => p._id !== id) : products;
  return held ? products.map((p) => (p._id === id ? change.product : p)) : [...products, change.product];
}

function received(s: ProductsState, change: LiveChange): Partial<ProductsState> {
  return { products: applied(s.products, change), sinceRequest: s.sinceRequest && [...s.sinceRequest, change] };
}

export const useProducts = create<ProductsState>()((set) => ({
  products: [],
  status: 'idle',
  sinceRequest: null,
  productsRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', sinceRequest: [] })),
  productsLoaded: (snapshot) =>
    set((s) => ({
      products: (s.sinceRequest ?? []).reduce(applied, snapshot.filter((p) => p.inStock)),
      status: 'ready',
      sinceRequest: null,
    })),
  productsFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error', sinceRequest: null })),
  productReceived: (product) => set((s) => received(s, { product })),
  productRemoved: (productId) => set((s) => received(s, { removedId: productId })),
}));
