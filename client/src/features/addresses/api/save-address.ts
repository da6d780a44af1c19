import { z } from 'zod';
import { AddressDto, type AddressInput } from '@core/contracts/http/addresses';
import { api } from '../../../lib/api-client';

const SaveAddressReply = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  address: AddressDto.optional(),
});

export function addAddress(address: AddressInput) {
  return api.post('/api/address/add', SaveAddressReply, { body: { address } });
}

export function updateAddress(id: string, address: AddressInput) {
  return api.put(`/api/address/update/${encodeURIComponent(id)}`, SaveAddressReply, { body: { address } });
}
