import { CartReply } from '@core/contracts/http/cart-replies';
import { api } from '../../../lib/api-client';
import type { CartItems } from '../stores/cart-store';

export function updateCart(cartItems: CartItems) {
  return api.post('/api/cart/update', CartReply, { body: { cartItems } });
}
