import { z } from 'zod';
import { LoginBody, UserDto } from '@core/contracts/http/accounts';
import { api } from '../../../lib/api-client';

export const AuthReply = z.object({ success: z.literal(true), message: z.string().optional(), user: UserDto });

/** The visitor's local cart travels along and the server merges it into the account's cart. */
export function login(body: z.input<typeof LoginBody>) {
  return api.post('/api/user/login', AuthReply, { body });
}
