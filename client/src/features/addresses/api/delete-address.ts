import { api } from '../../../lib/api-client';
import { MessageReply } from '@core/contracts/http/common-replies';

export function deleteAddress(id: string) {
  return api.delete(`/api/address/${encodeURIComponent(id)}`, MessageReply);
}
