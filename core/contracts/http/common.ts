import { z } from 'zod';

/** Every /api answer carries `success`; failures add a human `message` (docs/architecture.md, invariant 6). */
export const ErrorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  reqId: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

/**
 * What every /api route declares for its failures: any 4xx reply has the one error shape. Spread it into a route's
 * `response` schemas (`response: { 200: X, ...ErrorReplies }`); server/routes/api.ts refuses a route without it.
 */
export const ErrorReplies = { '4xx': ErrorReply } as const;

export const MessageReply = z.object({ success: z.literal(true), message: z.string() });

export const Uuid = z.uuid({ message: 'must be a valid id' });
export const IdParams = z.strictObject({ id: Uuid });

/**
 * Control characters have no place in names and addresses, and PostgreSQL cannot store U+0000 at all (it would
 * otherwise surface as a 500), so text fields refuse them with a 400.
 */
// eslint-disable-next-line no-control-regex
export const hasNoControlChars = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

/** Bounded text: trimmed, non-empty, single-line, and never long enough to be abuse. */
export const Text = (max: number, label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlChars, `${label} contains characters that are not allowed`);

/** Rupees as the API speaks them: a positive number with at most 2 decimals. */
export const Rupees = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(10_000_000, `${label} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} may have at most 2 decimals`);

export const Pagination = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
