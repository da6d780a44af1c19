import { z } from 'zod/mini';

// What the server answers about addresses, in their own module (see common-replies.ts).

export const AddressDto = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type AddressDto = z.infer<typeof AddressDto>;

export const AddressesReply = z.object({ success: z.literal(true), addresses: z.array(AddressDto), message: z.optional(z.string()) });
export const AddressReply = z.object({ success: z.literal(true), message: z.string(), address: AddressDto });
