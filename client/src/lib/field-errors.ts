import type { $ZodError } from 'zod/v4/core';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field of a failed safeParse, for inline form errors. */
export function fieldErrors(error: $ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (out[key] === undefined) out[key] = issue.message;
  }
  return out;
}
