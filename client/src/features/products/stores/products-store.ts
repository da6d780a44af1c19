import { create } from 'zustand';
import type { ProductDto } from '@core/contracts/http/product-replies';
import type { LoadedList } from '../../../lib/load-status';
import { mergedSnapshot, withChange, type ProductChange, type Versions } from '../lib/product-changes';

/** `products` holds in-stock products only: out-of-stock ones are hidden from shoppers. */
type ProductsState = LoadedList<'products', ProductDto> & {
  /** The newest version of each product applied: an older announcement of it changes nothing. */
  versions: Versions;
  /** The live changes received since the snapshot's request started; null while none is on its way. */
  sinceRequest: ProductChange[] | null;
  /** A live `product.updated`: replaced in place, added when new, removed when out of stock. */
  productReceived: (product: ProductDto) => void;
  /** A live `product.removed`, as of the product's version. */
  productRemoved: (productId: string, version: number) => void;
};

function applied(products: ProductDto[], change: ProductChange): ProductDto[] {
  if ('toggledId' in change) return products;
  const id = 'product' in change ? change.product._id : change.removedId;
  const held = products.some((p) => p._id === id);
  if (!('product' in change) || !change.product.inStock) return held ? products.filter((p) => p._id !== id) : products;
  return held ? products.map((p) => (p._id === id ? change.product : p)) : [...products, change.product];
}

export const useProducts = create<ProductsState>()((set) => ({
  products: [],
  status: 'idle',
  versions: {},
  sinceRequest: null,
  productsRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', sinceRequest: [] })),
  productsLoaded: (snapshot) =>
    set((s) => ({ ...mergedSnapshot(snapshot.filter((p) => p.inStock), s, applied), status: 'ready', sinceRequest: null })),
  productsFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error', sinceRequest: null })),
  productReceived: (product) => set((s) => withChange(s, { product }, applied)),
  productRemoved: (productId, version) => set((s) => withChange(s, { removedId: productId, version }, applied)),
}));
