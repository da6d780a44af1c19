import { z } from 'zod';
import { CartItems } from './cart';
import { Text } from './common';

const Email = z.string({ message: 'Email is required' }).trim().toLowerCase().max(254).pipe(z.email({ message: 'Enter a valid email address' }));
const Password = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long');

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

export { AuthReply, IsAuthReply, SellerIsAuthReply, UserDto } from './account-replies';
