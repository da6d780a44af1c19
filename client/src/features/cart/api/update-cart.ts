import { CartReply } from '@core/contracts/http/cart-replies';
import { api } from '../../../lib/api-client';
import type { CartItems } from '../stores/cart-store';

/** Saves the whole cart; kept alive so that an Add followed at once by a reload or a link out is not lost. */
export function updateCart(cartItems: CartItems) {
  return api.post('/api/cart/update', CartReply, { body: { cartItems }, keepalive: true });
}
