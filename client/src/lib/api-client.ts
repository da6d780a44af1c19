import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';

/** A failed /api call: the server's `message` (shown as an error toast) and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when the server was never reached (offline, DNS, CORS) or did not answer in time. */
    readonly status: number,
    /** The server's machine-readable reason (`email_taken`, `invalid_request`, …) when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How long a call may go unanswered before it counts as failed. Without a limit, a server or network that accepts the
 * request and then goes silent leaves a spinner up for good; with it the page says so and offers its retry. A form
 * carries product images, which take longer on a slow mobile connection.
 */
export const ANSWER_WITHIN_MS = 30_000;
export const FORM_ANSWER_WITHIN_MS = 120_000;

type RequestOptions = {
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page: a save sent just before the shopper navigates away still arrives. */
  keepalive?: boolean;
};

function messageOf(json: unknown): string | undefined {
  if (typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string') {
    return json.message;
  }
  return undefined;
}

function codeOf(json: unknown): string | undefined {
  if (typeof json === 'object' && json !== null && 'code' in json && typeof json.code === 'string') return json.code;
  return undefined;
}

let onOriginRefused: (message: string) => void = () => {};

/**
 * What to do when the server refuses a call because this page was opened at an address that is not the store's
 * (the server's message names the right one). Some calls fail quietly by design (background cart sync), so this
 * one reason is always shown, whichever call met it.
 */
export function whenOriginRefused(handler: (message: string) => void): void {
  onOriginRefused = handler;
}

function originRefused(message: string | undefined): void {
  onOriginRefused(message ?? 'Request refused: this page is not at the store’s address.');
}

let onSessionRefused: () => void = () => {};

/**
 * What to do when the server answers 401: a session this page counted on may have ended elsewhere. The call still
 * fails with the server's message; the handler finds out which session is gone.
 */
export function whenSessionRefused(handler: () => void): void {
  onSessionRefused = handler;
}

function tooSlow(): ApiError {
  return new ApiError('FreshCart is taking too long to answer. Check your connection and try again.', 0);
}

function isFailure(json: unknown): boolean {
  return typeof json === 'object' && json !== null && 'success' in json && json.success === false;
}

/**
 * Every answer is JSON `{ success, message?, ... }`. Cookies carry the session, so requests
 * always include credentials; URLs are relative because the API is on the same origin (proxied by Vite in dev).
 */
async function request<S extends $ZodType>(method: string, url: string, schema: S, options: RequestOptions = {}): Promise<output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.form ? FORM_ANSWER_WITHIN_MS : ANSWER_WITHIN_MS);
  options.signal?.addEventListener('abort', () => deadline.abort(options.signal?.reason), { once: true });
  let response: Response;
  let json: unknown;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'include', signal: deadline.signal, keepalive: options.keepalive });
    json = await response.json().catch(() => null);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (deadline.signal.aborted) throw tooSlow();
    throw new ApiError('Could not reach FreshCart. Check your connection and try again.', 0);
  } finally {
    clearTimeout(timer);
  }
  // A body cut off by the deadline reads as no JSON: the answer never came whole.
  if (options.signal?.aborted) throw options.signal.reason;
  if (deadline.signal.aborted) throw tooSlow();

  if (response.status === 403 && codeOf(json) === 'forbidden_origin') originRefused(messageOf(json));
  if (response.status === 401) onSessionRefused();
  if (!response.ok || isFailure(json)) {
    throw new ApiError(messageOf(json) ?? `Request failed (${response.status})`, response.status, codeOf(json));
  }
  // The reply shapes are zod/mini (core/contracts/http/common-replies.ts); this parses those and full zod alike.
  const parsed = safeParse(schema, json);
  if (!parsed.success) throw new ApiError('Unexpected answer from the server. Please try again.', response.status);
  return parsed.data;
}

export const api = {
  get: <S extends $ZodType>(url: string, schema: S, options?: RequestOptions) => request('GET', url, schema, options),
  post: <S extends $ZodType>(url: string, schema: S, options?: RequestOptions) => request('POST', url, schema, options),
  put: <S extends $ZodType>(url: string, schema: S, options?: RequestOptions) => request('PUT', url, schema, options),
  patch: <S extends $ZodType>(url: string, schema: S, options?: RequestOptions) => request('PATCH', url, schema, options),
  delete: <S extends $ZodType>(url: string, schema: S, options?: RequestOptions) => request('DELETE', url, schema, options),
};

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
