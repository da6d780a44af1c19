import { z } from 'zod';
import { UserDto } from '@core/contracts/http/accounts';
import { api, ApiError } from '../../../lib/api-client';

const IsAuthReply = z.object({ success: z.literal(true), user: UserDto });

/** GET /api/user/is-auth; null for a visitor (401). */
export async function getCurrentUser(): Promise<UserDto | null> {
  try {
    const reply = await api.get('/api/user/is-auth', IsAuthReply);
    return reply.user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
