import { IsAuthReply, type UserDto } from '@core/contracts/http/account-replies';
import { api, ApiError } from '../../../lib/api-client';

/** GET /api/user/is-auth; null for a visitor (401, or a 200 that says `success: false` / `user: null`). */
export async function getCurrentUser(): Promise<UserDto | null> {
  try {
    const reply = await api.get('/api/user/is-auth', IsAuthReply);
    return reply.user;
  } catch (error) {
    if (error instanceof ApiError && [200, 401, 403].includes(error.status)) return null;
    throw error;
  }
}
