import { create } from 'zustand';
import type { AddressDto } from '@core/contracts/http/address-replies';
import type { LoadedList } from '../../../lib/load-status';

/** `addressesLoaded` keeps the chosen address when it still exists, otherwise picks the first one. */
type AddressState = LoadedList<'addresses', AddressDto> & {
  selectedId: string | null;
  addressSelected: (id: string) => void;
  /** A new address the shopper just saved: it is the one they mean to ship to, so it becomes the chosen one. */
  addressAdded: (address: AddressDto) => void;
  addressDeleted: (id: string) => void;
  addressesCleared: () => void;
};

export const useAddresses = create<AddressState>()((set) => ({
  addresses: [],
  selectedId: null,
  status: 'idle',
  addressesRequested: () => set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' })),
  addressesLoaded: (addresses) =>
    set((s) => ({
      addresses,
      status: 'ready',
      selectedId: addresses.some((a) => a._id === s.selectedId) ? s.selectedId : (addresses[0]?._id ?? null),
    })),
  addressesFailed: () => set({ status: 'error' }),
  addressSelected: (id) => set({ selectedId: id }),
  addressAdded: (address) =>
    set((s) => ({ addresses: [...s.addresses.filter((a) => a._id !== address._id), address], selectedId: address._id })),
  addressDeleted: (id) =>
    set((s) => {
      const addresses = s.addresses.filter((a) => a._id !== id);
      return { addresses, selectedId: s.selectedId === id ? (addresses[0]?._id ?? null) : s.selectedId };
    }),
  addressesCleared: () => set({ addresses: [], selectedId: null, status: 'idle' }),
}));
