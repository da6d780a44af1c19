import { z } from 'zod';
import { Text } from './common';

export const AddressInput = z.strictObject({
  firstName: Text(60, 'First name'),
  lastName: Text(60, 'Last name'),
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().max(254).pipe(z.email({ message: 'Enter a valid email address' })),
  street: Text(200, 'Street'),
  city: Text(80, 'City'),
  state: Text(80, 'State'),
  // The form's numeric input may send a number; an Indian PIN code is 6 digits and never starts with 0.
  zipcode: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code')),
  country: Text(60, 'Country'),
  phone: z
    .union([z.string(), z.number()])
    .transform((p) => String(p).replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\+91|91)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number').transform((p) => p.slice(-10))),
});
export type AddressInput = z.infer<typeof AddressInput>;

export const AddAddressBody = z.strictObject({ address: AddressInput, userId: z.unknown().optional() });
export const UpdateAddressBody = z.strictObject({ address: AddressInput });

export { AddressDto, AddressesReply, AddressReply } from './address-replies';
