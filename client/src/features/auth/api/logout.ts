import { api } from '../../../lib/api-client';
import { MessageReply } from '@core/contracts/http/common-replies';

export function logout() {
  return api.get('/api/user/logout', MessageReply);
}
