import { create } from 'zustand';
import type { ProductDto } from '@core/contracts/http/product-replies';
import type { LoadedList } from '../../../lib/load-status';
import { mergedSnapshot, withChange, type ProductChange, type Versions } from '../../products/lib/product-changes';

type SellerProductsState = LoadedList<'products', ProductDto> & {
  /** The newest version of each product applied: an older answer or announcement of it changes nothing. */
  versions: Versions;
  /**
   * The changes made or received since the snapshot's request started; null while none is on its way. The snapshot
   * may have been built before them (a reconnect refetches the list), so those newer than it are applied again on top
   * of it when it lands, as the shopper's list does: a product added meanwhile stays, one deleted meanwhile does not
   * come back.
   */
  sinceRequest: ProductChange[] | null;
  /** A live or answered state: replaced in place or added first (the seller sees out-of-stock products too). */
  productReceived: (product: ProductDto) => void;
  /** The store's own switch, shown before the server answers; made on the product at version `basedOn`. */
  stockToggled: (id: string, inStock: boolean, basedOn: number) => void;
  /** Deleted by this store here (for good), or a live removal as of the product's version. */
  productRemoved: (id: string, version?: number) => void;
};

function applied(products: ProductDto[], change: ProductChange): ProductDto[] {
  if ('removedId' in change) return products.filter((p) => p._id !== change.removedId);
  if ('toggledId' in change) return products.map((p) => (p._id === change.toggledId ? { ...p, inStock: change.inStock } : p));
  const { product } = change;
  return products.some((p) => p._id === product._id) ? products.map((p) => (p._id === product._id ? product : p)) : [product, ...products];
}

export const useSellerProducts = create<SellerProductsState>()((set) => ({
  products: [],
  status: 'idle',
  versions: {},
  sinceRequest: null,
  productsRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', sinceRequest: [] })),
  productsLoaded: (snapshot) => set((s) => ({ ...mergedSnapshot(snapshot, s, applied), status: 'ready', sinceRequest: null })),
  productsFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error', sinceRequest: null })),
  productReceived: (product) => set((s) => withChange(s, { product }, applied)),
  stockToggled: (id, inStock, basedOn) => set((s) => withChange(s, { toggledId: id, inStock, basedOn }, applied)),
  // A deletion is final: nothing said of the product afterwards brings it back.
  productRemoved: (id, version = Number.POSITIVE_INFINITY) => set((s) => withChange(s, { removedId: id, version }, applied)),
}));
