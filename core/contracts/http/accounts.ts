import { z } from 'zod/mini';
import { VisitorCartItems } from './cart';
import { EmailAddress, MobileNumber, Text } from './common';

export const Password = z.string({ message: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(200, 'Password is too long'));

export const RegisterBody = z.strictObject({
  name: Text(80, 'Name'),
  email: EmailAddress,
  password: Password.check(z.minLength(8, 'Password must be at least 8 characters')),
  phone: z.optional(MobileNumber),
  /** A visitor's local cart, merged into the account's cart (invalid entries are dropped, not refused). */
  cartItems: z.optional(VisitorCartItems),
});

export const LoginBody = z.strictObject({
  email: EmailAddress,
  password: Password,
  cartItems: z.optional(VisitorCartItems),
});

export const SellerLoginBody = z.strictObject({ email: EmailAddress, password: Password });

export { AuthReply, IsAuthReply, SellerIsAuthReply, SellerSelfDto, UserDto } from './account-replies';
