import { AddressesReply, type AddressDto } from '@core/contracts/http/address-replies';
import { api } from '../../../lib/api-client';

export async function getAddresses(): Promise<AddressDto[]> {
  const reply = await api.get('/api/address/get', AddressesReply);
  return reply.addresses;
}
