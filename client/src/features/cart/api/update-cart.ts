import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { CartItems } from '../stores/cart-store';

const CartUpdateReply = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  cartItems: z.record(z.string(), z.number()),
});

export function updateCart(cartItems: CartItems) {
  return api.post('/api/cart/update', CartUpdateReply, { body: { cartItems } });
}
