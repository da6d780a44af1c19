import { create } from 'zustand';
import type { SellerSelfDto } from '@core/contracts/http/account-replies';
import type { StoreDto } from '@core/contracts/http/store-replies';

type SellerSessionState = {
  status: 'unknown' | 'seller' | 'guest';
  /** The signed-in store: its name, its standing with the platform and whether it is the operator. */
  seller: SellerSelfDto | null;
  /** Bumped by every sign-in, sign-up and logout in this tab (not by the first check): the session cookie changed. */
  signIns: number;
  sellerChecked: (seller: SellerSelfDto | null) => void;
  sellerLoggedIn: (seller: SellerSelfDto) => void;
  sellerLoggedOut: () => void;
  /** A live `store.updated` (or the operator's own change): applied when it is this store. */
  storeUpdated: (store: StoreDto) => void;
};

/** The seller area's view of a store, from the fuller shape the sign-up and the operator's pages get. */
export function sellerSelfOf(store: StoreDto): SellerSelfDto {
  const { id, name, storeName, status, statusReason, isOperator } = store;
  return { id, name, storeName, status, statusReason, isOperator };
}

export const useSellerSession = create<SellerSessionState>()((set) => ({
  status: 'unknown',
  seller: null,
  signIns: 0,
  sellerChecked: (seller) => set({ status: seller ? 'seller' : 'guest', seller }),
  sellerLoggedIn: (seller) => set((s) => ({ status: 'seller', seller, signIns: s.signIns + 1 })),
  sellerLoggedOut: () => set((s) => ({ status: 'guest', seller: null, signIns: s.signIns + 1 })),
  storeUpdated: (store) => set((s) => (s.seller && s.seller.id === store.id ? { seller: sellerSelfOf(store) } : s)),
}));
