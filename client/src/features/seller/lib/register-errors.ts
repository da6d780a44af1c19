import { ApiError } from '../../../lib/api-client';
import { fieldErrorsFromMessage, type FieldErrors } from '../../../lib/field-errors';

/**
 * A refused store sign-up as inline errors: a 409 is a taken email or store name (said at that field), a 400 names the
 * fields it refused. Anything else stays a toast.
 */
export function registerErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409) {
    // The reason's code decides first; a message alone is read only when the code names neither.
    for (const about of [error.code ?? '', error.message].map((t) => t.toLowerCase())) {
      if (about.includes('email')) return { email: error.message };
      if (about.includes('store')) return { storeName: error.message };
    }
    return {};
  }
  if (error.status === 400) return fieldErrorsFromMessage(error.message);
  return {};
}
