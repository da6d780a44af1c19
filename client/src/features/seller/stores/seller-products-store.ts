import { create } from 'zustand';
import type { ProductDto } from '@core/contracts/http/product-replies';
import type { LoadedList } from '../../../lib/load-status';

/** A live or local change to the store's own products. */
type Change = { product: ProductDto } | { removedId: string } | { toggledId: string; inStock: boolean };

type SellerProductsState = LoadedList<'products', ProductDto> & {
  /**
   * The changes made or received since the snapshot's request started; null while none is on its way. The snapshot
   * may have been built before them (a reconnect refetches the list), so they are applied again on top of it when it
   * lands, as the shopper's list does: a product added meanwhile stays, one deleted meanwhile does not come back.
   */
  sinceRequest: Change[] | null;
  /** A live or local change: replaced in place or added first (the seller sees out-of-stock products too). */
  productReceived: (product: ProductDto) => void;
  stockToggled: (id: string, inStock: boolean) => void;
  productRemoved: (id: string) => void;
};

function applied(products: ProductDto[], change: Change): ProductDto[] {
  if ('removedId' in change) return products.filter((p) => p._id !== change.removedId);
  if ('toggledId' in change) return products.map((p) => (p._id === change.toggledId ? { ...p, inStock: change.inStock } : p));
  const { product } = change;
  return products.some((p) => p._id === product._id) ? products.map((p) => (p._id === product._id ? product : p)) : [product, ...products];
}

function received(s: SellerProductsState, change: Change): Partial<SellerProductsState> {
  return { products: applied(s.products, change), sinceRequest: s.sinceRequest && [...s.sinceRequest, change] };
}

export const useSellerProducts = create<SellerProductsState>()((set) => ({
  products: [],
  status: 'idle',
  sinceRequest: null,
  productsRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', sinceRequest: [] })),
  productsLoaded: (snapshot) => set((s) => ({ products: (s.sinceRequest ?? []).reduce(applied, snapshot), status: 'ready', sinceRequest: null })),
  productsFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error', sinceRequest: null })),
  productReceived: (product) => set((s) => received(s, { product })),
  stockToggled: (id, inStock) => set((s) => received(s, { toggledId: id, inStock })),
  productRemoved: (id) => set((s) => received(s, { removedId: id })),
}));
