import { z } from 'zod';

/** The cart: product id → positive integer quantity. Checked item by item in the cart service. */
export const CartItems = z
  .record(z.string().max(64), z.unknown())
  .refine((c) => Object.keys(c).length <= 100, 'A cart holds at most 100 different products');
export const CartUpdateBody = z.strictObject({ cartItems: CartItems, userId: z.unknown().optional() });

export { CartReply } from './cart-replies';
