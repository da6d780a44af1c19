import { create } from 'zustand';

type SellerSessionState = {
  status: 'unknown' | 'seller' | 'guest';
  sellerChecked: (isSeller: boolean) => void;
  sellerLoggedIn: () => void;
  sellerLoggedOut: () => void;
};

export const useSellerSession = create<SellerSessionState>()((set) => ({
  status: 'unknown',
  sellerChecked: (isSeller) => set({ status: isSeller ? 'seller' : 'guest' }),
  sellerLoggedIn: () => set({ status: 'seller' }),
  sellerLoggedOut: () => set({ status: 'guest' }),
}));
