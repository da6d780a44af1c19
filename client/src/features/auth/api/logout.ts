import { api } from '../../../lib/api-client';
import { OkReply } from '../../../lib/api-replies';

export function logout() {
  return api.get('/api/user/logout', OkReply);
}
