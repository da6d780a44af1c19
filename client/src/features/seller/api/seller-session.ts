import type { z } from 'zod/mini';
import type { SellerLoginBody } from '@core/contracts/http/accounts';
import { SellerIsAuthReply, type SellerSelfDto } from '@core/contracts/http/account-replies';
import { MessageReply } from '@core/contracts/http/common-replies';
import type { SellerRegisterBody } from '@core/contracts/http/stores';
import { SellerRegisterReply } from '@core/contracts/http/store-replies';
import { api, ApiError } from '../../../lib/api-client';

export function sellerLogin(body: z.input<typeof SellerLoginBody>) {
  return api.post('/api/seller/login', MessageReply, { body });
}

/** POST /api/seller/register ("Become Seller"): the new store, signed in (pending until the operator approves it). */
export function sellerRegister(body: z.input<typeof SellerRegisterBody>) {
  return api.post('/api/seller/register', SellerRegisterReply, { body });
}

/**
 * GET /api/seller/is-auth: the signed-in store, or null for anyone without a seller session (401/403, or a 200 saying
 * `success: false`).
 */
export async function isSeller(): Promise<SellerSelfDto | null> {
  try {
    const reply = await api.get('/api/seller/is-auth', SellerIsAuthReply);
    return reply.success ? reply.seller : null;
  } catch (error) {
    if (error instanceof ApiError && [200, 401, 403].includes(error.status)) return null;
    throw error;
  }
}

export function sellerLogout() {
  return api.get('/api/seller/logout', MessageReply);
}
