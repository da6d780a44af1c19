import { z } from 'zod/mini';

/** The cart: product id → positive integer quantity. Checked item by item in the cart service. */
export const CartItems = z
  .record(z.string().check(z.maxLength(64)), z.unknown())
  .check(z.refine((c) => Object.keys(c).length <= 100, 'A cart holds at most 100 different products'));
export const CartUpdateBody = z.strictObject({ cartItems: CartItems, userId: z.optional(z.unknown()) });

export { CartReply } from './cart-replies';
