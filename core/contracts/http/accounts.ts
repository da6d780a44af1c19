import { z } from 'zod';
import { CartItems } from './cart';
import { Text } from './common';

export const Email = z.string({ message: 'Email is required' }).trim().toLowerCase().max(254).pipe(z.email({ message: 'Enter a valid email address' }));
export const Password = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long');

export const RegisterBody = z.strictObject({
  name: Text(80, 'Name'),
  email: Email,
  password: Password.min(8, 'Password must be at least 8 characters'),
  phone: z.string().trim().regex(/^(\+91)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number').optional(),
  /** A visitor's local cart, merged into the account's cart (invalid entries are dropped, not refused). */
  cartItems: CartItems.optional(),
});

export const LoginBody = z.strictObject({
  email: Email,
  password: Password,
  cartItems: CartItems.optional(),
});

export const SellerLoginBody = z.strictObject({ email: Email, password: Password });

export const UserDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  cartItems: z.record(z.string(), z.number().int()),
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
  statusReason: z.string().nullable(),
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
