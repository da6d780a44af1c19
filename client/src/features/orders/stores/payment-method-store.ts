import { create } from 'zustand';
import type { PaymentMethod } from '../hooks/use-place-order';

type PaymentMethodState = {
  method: PaymentMethod;
  methodChosen: (method: PaymentMethod) => void;
};

/**
 * The payment method the shopper picked at checkout. It is kept here rather than in the checkout panel because the
 * address step (/add-address) leaves the cart page, and the choice must still be there when the shopper comes back.
 */
export const usePaymentMethod = create<PaymentMethodState>()((set) => ({
  method: 'COD',
  methodChosen: (method) => set({ method }),
}));
