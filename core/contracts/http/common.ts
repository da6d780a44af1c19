import { z } from 'zod';

export { ErrorReplies, ErrorReply, MessageReply } from './common-replies';

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
