import { api } from '../../../lib/api-client';
import { OkReply } from '../../../lib/api-replies';

export function deleteAddress(id: string) {
  return api.delete(`/api/address/${encodeURIComponent(id)}`, OkReply);
}
