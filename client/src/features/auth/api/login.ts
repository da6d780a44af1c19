import type { z } from 'zod/mini';
import type { LoginBody } from '@core/contracts/http/accounts';
import { AuthReply } from '@core/contracts/http/account-replies';
import { api } from '../../../lib/api-client';

/** The visitor's local cart travels along and the server merges it into the account's cart. */
export function login(body: z.input<typeof LoginBody>) {
  return api.post('/api/user/login', AuthReply, { body });
}
