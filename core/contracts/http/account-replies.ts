import { z } from 'zod/mini';

// What the server answers about accounts, in their own module (see common-replies.ts).

export const UserDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  cartItems: z.record(z.string(), z.int()),
});
export type UserDto = z.infer<typeof UserDto>;

/** Register and login answer with the user and the merged cart; the session itself travels only in the cookie. */
export const AuthReply = z.object({ success: z.literal(true), message: z.string(), user: UserDto });
/** The signed-in store as the seller area shows it (its standing, and whether it is the operator's account). */
export const SellerSelfDto = z.object({
  id: z.string(),
  name: z.string(),
  storeName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  statusReason: z.nullable(z.string()),
  isOperator: z.boolean(),
});
export type SellerSelfDto = z.infer<typeof SellerSelfDto>;

/** The seller area's "am I signed in?": a normal answer either way. */
export const SellerIsAuthReply = z.union([
  z.object({ success: z.literal(true), seller: SellerSelfDto }),
  z.object({ success: z.literal(false), message: z.string() }),
]);

/** "Who am I?" has a normal answer for a visitor too: `success: false, user: null` with a 200, not an error. */
export const IsAuthReply = z.union([
  z.object({ success: z.literal(true), user: UserDto }),
  z.object({ success: z.literal(false), message: z.string(), user: z.null() }),
]);
