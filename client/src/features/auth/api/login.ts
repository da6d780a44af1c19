import type { z } from 'zod';
import { AuthReply, type LoginBody } from '@core/contracts/http/accounts';
import { api } from '../../../lib/api-client';

/** The visitor's local cart travels along and the server merges it into the account's cart. */
export function login(body: z.input<typeof LoginBody>) {
  return api.post('/api/user/login', AuthReply, { body });
}
