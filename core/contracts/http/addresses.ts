import { z } from 'zod/mini';
import { EmailAddress, MobileNumber, Text } from './common';

export const AddressInput = z.strictObject({
  firstName: Text(60, 'First name'),
  lastName: Text(60, 'Last name'),
  email: EmailAddress,
  street: Text(200, 'Street'),
  city: Text(80, 'City'),
  state: Text(80, 'State'),
  // The form's numeric input may send a number; an Indian PIN code is 6 digits and never starts with 0.
  zipcode: z.pipe(
    z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
    z.string().check(z.trim(), z.regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code')),
  ),
  country: Text(60, 'Country'),
  phone: MobileNumber,
});
export type AddressInput = z.infer<typeof AddressInput>;

export const AddAddressBody = z.strictObject({ address: AddressInput, userId: z.optional(z.unknown()) });
export const UpdateAddressBody = z.strictObject({ address: AddressInput });

export { AddressDto, AddressesReply, AddressReply } from './address-replies';
