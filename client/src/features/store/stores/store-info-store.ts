import { create } from 'zustand';

type StoreInfoState = {
  /** Null until the server has said; the banner waits for it rather than guessing. */
  testPayments: boolean | null;
  storeInfoLoaded: (info: { testPayments: boolean }) => void;
};

export const useStoreInfo = create<StoreInfoState>()((set) => ({
  testPayments: null,
  storeInfoLoaded: (info) => set({ testPayments: info.testPayments }),
}));
