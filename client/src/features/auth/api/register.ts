import type { z } from 'zod/mini';
import type { RegisterBody } from '@core/contracts/http/accounts';
import { AuthReply } from '@core/contracts/http/account-replies';
import { api } from '../../../lib/api-client';

export function register(body: z.input<typeof RegisterBody>) {
  return api.post('/api/user/register', AuthReply, { body });
}
