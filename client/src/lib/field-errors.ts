import type { $ZodError } from 'zod/v4/core';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message per top-level field of a failed safeParse, for inline form errors. A nested field's message is
 * also kept under its dotted path (`address.zipcode`), so a form with a nested part can show it at its own input.
 */
export function fieldErrors(error: $ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (out[key] === undefined) out[key] = issue.message;
    if (issue.path.length > 1) {
      const dotted = issue.path.map(String).join('.');
      if (out[dotted] === undefined) out[dotted] = issue.message;
    }
  }
  return out;
}

/**
 * A 400 reply's message as field errors: the server writes each refused field as `path: message`, joined by `; `
 * (server/plugins/error-handler.ts). Parts without a path are left out; an empty result means "show it as a toast".
 */
export function fieldErrorsFromMessage(message: string): FieldErrors {
  const out: FieldErrors = {};
  for (const part of message.split('; ')) {
    const match = /^([A-Za-z][\w.]*): (.+)$/.exec(part);
    if (!match) continue;
    const [, path = '', text = ''] = match;
    if (out[path] === undefined) out[path] = text;
    const top = path.split('.')[0] ?? path;
    if (out[top] === undefined) out[top] = text;
  }
  return out;
}
