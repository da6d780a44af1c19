import { StoreInfoReply } from '@core/contracts/http/store';
import { api } from '../../../lib/api-client';

/** GET /api/store */
export function getStoreInfo() {
  return api.get('/api/store', StoreInfoReply);
}
