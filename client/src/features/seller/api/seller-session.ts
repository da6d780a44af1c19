import type { z } from 'zod';
import type { SellerLoginBody } from '@core/contracts/http/accounts';
import { api, ApiError } from '../../../lib/api-client';
import { OkReply } from '../../../lib/api-replies';

export function sellerLogin(body: z.input<typeof SellerLoginBody>) {
  return api.post('/api/seller/login', OkReply, { body });
}

/** GET /api/seller/is-auth; false for anyone without a seller session (401/403). */
export async function isSeller(): Promise<boolean> {
  try {
    await api.get('/api/seller/is-auth', OkReply);
    return true;
  } catch (error) {
    if (error instanceof ApiError && [200, 401, 403].includes(error.status)) return false;
    throw error;
  }
}

export function sellerLogout() {
  return api.get('/api/seller/logout', OkReply);
}
