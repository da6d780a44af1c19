import { z } from 'zod/mini';

/** How many different products one cart may hold. */
export const MAX_CART_PRODUCTS = 100;

/** The cart: product id → positive integer quantity. Checked item by item in the cart service. */
export const CartItems = z
  .record(z.string().check(z.maxLength(64)), z.unknown())
  .check(z.refine((c) => Object.keys(c).length <= MAX_CART_PRODUCTS, `A cart holds at most ${MAX_CART_PRODUCTS} different products`));

/**
 * A visitor's cart as sent at login or register: taken as it comes, since the cart service drops what is not valid
 * and what does not fit (a stale or overfull browser cart must never stop a shopper from signing in).
 */
export const VisitorCartItems = z.record(z.string(), z.unknown());
export const CartUpdateBody = z.strictObject({ cartItems: CartItems, userId: z.optional(z.unknown()) });

export { CartReply } from './cart-replies';
