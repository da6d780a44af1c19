import { create } from 'zustand';
import type { StoreDto } from '@core/contracts/http/store-replies';
import type { LoadedList } from '../../../lib/load-status';

type AdminStoresState = LoadedList<'stores', StoreDto> & {
  /** A live `store.updated` or the operator's own change: replaced in place, or added when new (a fresh sign-up). */
  storeReceived: (store: StoreDto) => void;
};

export const useAdminStores = create<AdminStoresState>()((set) => ({
  stores: [],
  status: 'idle',
  storesRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' })),
  storesLoaded: (stores) => set({ stores, status: 'ready' }),
  storesFailed: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' })),
  storeReceived: (store) =>
    set((s) =>
      s.stores.some((x) => x.id === store.id)
        ? { stores: s.stores.map((x) => (x.id === store.id ? store : x)) }
        : { stores: [store, ...s.stores] },
    ),
}));
