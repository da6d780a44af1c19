import { create } from 'zustand';
import type { OnlineCheckout } from '../api/create-online-order';
import type { PaymentSubmitted } from '../lib/payment-flow';

type TestCheckoutState = {
  /** The order being paid in the simulated gateway's test checkout, or null when it is closed. */
  checkout: OnlineCheckout | null;
  /** What the page that opened it does once the payment is submitted (its confirmation screen). */
  submitted: PaymentSubmitted;
  testCheckoutOpened: (checkout: OnlineCheckout, submitted: PaymentSubmitted) => void;
  testCheckoutClosed: () => void;
};

export const useTestCheckout = create<TestCheckoutState>()((set) => ({
  checkout: null,
  submitted: () => {},
  testCheckoutOpened: (checkout, submitted) => set({ checkout, submitted }),
  testCheckoutClosed: () => set({ checkout: null }),
}));
