import type { AddressInput } from '@core/contracts/http/addresses';
import { AddressReply } from '@core/contracts/http/address-replies';
import { api } from '../../../lib/api-client';

export function addAddress(address: AddressInput) {
  return api.post('/api/address/add', AddressReply, { body: { address } });
}

export function updateAddress(id: string, address: AddressInput) {
  return api.put(`/api/address/update/${encodeURIComponent(id)}`, AddressReply, { body: { address } });
}
