import type { z } from 'zod';
import type { RegisterBody } from '@core/contracts/http/accounts';
import { api } from '../../../lib/api-client';
import { AuthReply } from './login';

export function register(body: z.input<typeof RegisterBody>) {
  return api.post('/api/user/register', AuthReply, { body });
}
