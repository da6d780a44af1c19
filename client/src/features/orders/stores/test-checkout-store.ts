import { create } from 'zustand';
import type { OnlineCheckout } from '../api/create-online-order';

type TestCheckoutState = {
  /** The order being paid in the simulated gateway's test checkout, or null when it is closed. */
  checkout: OnlineCheckout | null;
  testCheckoutOpened: (checkout: OnlineCheckout) => void;
  testCheckoutClosed: () => void;
};

export const useTestCheckout = create<TestCheckoutState>()((set) => ({
  checkout: null,
  testCheckoutOpened: (checkout) => set({ checkout }),
  testCheckoutClosed: () => set({ checkout: null }),
}));
