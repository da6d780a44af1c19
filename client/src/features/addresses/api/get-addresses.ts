import { z } from 'zod';
import { AddressDto } from '@core/contracts/http/addresses';
import { api } from '../../../lib/api-client';

const AddressesReply = z.object({ success: z.literal(true), addresses: z.array(AddressDto) });

export async function getAddresses(): Promise<AddressDto[]> {
  const reply = await api.get('/api/address/get', AddressesReply);
  return reply.addresses;
}
