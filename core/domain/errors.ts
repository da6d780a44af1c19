/**
 * Domain errors carry a kind; one handler maps kinds to HTTP statuses (server/plugins/error-handler.ts).
 */
export const ErrorKind = {
  Invalid: 'invalid',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  /** Well-formed, but contradicts what the server already holds (an Idempotency-Key reused for another order). */
  Unprocessable: 'unprocessable',
  TooMany: 'too_many',
  /** A request part over its size limit (an image over MAX_IMAGE_BYTES, a fifth image). */
  TooLarge: 'too_large',
  /** Content of a type the endpoint does not take (an upload that is not a JPEG, PNG or WebP image). */
  UnsupportedMedia: 'unsupported_media',
  Unavailable: 'unavailable',
  NotImplemented: 'not_implemented',
} as const;
export type ErrorKind = (typeof ErrorKind)[keyof typeof ErrorKind];

export const HTTP_STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many: 429,
  too_large: 413,
  unsupported_media: 415,
  unavailable: 503,
  not_implemented: 501,
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError('invalid', code, message, details);
export const unauthorized = (message = 'Please login') => new AppError('unauthorized', 'unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', 'forbidden', message);
export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError('conflict', code, message, details);

/** 429 whose message says how long to wait ("30 seconds", "15 minutes"); the handler sends the same as Retry-After. */
export function tooMany(code: string, what: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds <= 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('too_many', code, `${what}. Try again in ${wait}.`, { retryAfterSeconds: seconds });
}
