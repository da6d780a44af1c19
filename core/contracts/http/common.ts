import { z } from 'zod/mini';

export { ErrorReplies, ErrorReply, MessageReply } from './common-replies';

/**
 * An id as a request may send it, in either case, lower-cased once checked: ids are stored, compared, cached and
 * announced in lower case, so past this boundary nothing has to think about case again.
 */
export const uuidOf = (message: string) => z.uuid({ message }).check(z.toLowerCase());
export const Uuid = uuidOf('must be a valid id');
export const IdParams = z.strictObject({ id: Uuid });

/** An email address as typed: trimmed and lower-cased before it is checked. */
export const EmailAddress = z.pipe(
  z.string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') }).check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Email is too long')),
  z.email({ message: 'Enter a valid email address' }),
);

/**
 * An Indian mobile number as people type it: with spaces or dashes, a +91 or 91 in front, or as a number from a
 * numeric input. It is kept as its 10 digits, so sign-up, Become Seller and the address form store one number one way.
 */
export const MobileNumber = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((p: string | number) => String(p).replace(/[\s-]/g, '')),
  ),
  z.pipe(
    z.string().check(z.regex(/^(\+91|91)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number')),
    z.transform((p: string) => p.slice(-10)),
  ),
);

/**
 * Control characters have no place in names and addresses, and PostgreSQL cannot store U+0000 at all (it would
 * otherwise surface as a 500), so text fields refuse them with a 400.
 */
// eslint-disable-next-line no-control-regex
export const hasNoControlChars = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

/**
 * Bounded text: trimmed, non-empty, single-line, and never long enough to be abuse. Kept in Unicode's composed form
 * (NFC): "è" typed as one character or as "e" plus an accent (as some keyboards and pastes give it) looks the same,
 * and must be the same text to a search.
 */
export const Text = (max: number, label: string) =>
  z.string({ message: `${label} is required` }).check(
    z.trim(),
    z.normalize('NFC'),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
    z.refine(hasNoControlChars, `${label} contains characters that are not allowed`),
  );

/** Rupees as the API speaks them: a positive number with at most 2 decimals. */
export const Rupees = (label: string) =>
  z.number({ message: `${label} must be a number` }).check(
    z.positive(`${label} must be more than 0`),
    z.lte(10_000_000, `${label} is too large`),
    z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} may have at most 2 decimals`),
  );

/** A query string's page number or size: whole, within bounds, and optional. */
const PageNumber = (max: number) => z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(max)));

export const Pagination = z.object({ page: PageNumber(10_000), limit: PageNumber(200) });
