import { z } from 'zod/mini';

// What the server answers about the cart, in their own module (see common-replies.ts).

/** The cart as stored after validation (quantities may have been capped by stock). */
export const CartReply = z.object({ success: z.literal(true), message: z.string(), cartItems: z.record(z.string(), z.int()) });
