import type { z } from 'zod/mini';
import type { SellerLoginBody } from '@core/contracts/http/accounts';
import { SellerIsAuthReply } from '@core/contracts/http/account-replies';
import { MessageReply } from '@core/contracts/http/common-replies';
import { api, ApiError } from '../../../lib/api-client';

export function sellerLogin(body: z.input<typeof SellerLoginBody>) {
  return api.post('/api/seller/login', MessageReply, { body });
}

/** GET /api/seller/is-auth; false for anyone without a seller session (401/403, or a 200 saying `success: false`). */
export async function isSeller(): Promise<boolean> {
  try {
    await api.get('/api/seller/is-auth', SellerIsAuthReply);
    return true;
  } catch (error) {
    if (error instanceof ApiError && [200, 401, 403].includes(error.status)) return false;
    throw error;
  }
}

export function sellerLogout() {
  return api.get('/api/seller/logout', MessageReply);
}
