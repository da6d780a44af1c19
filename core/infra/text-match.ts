/**
 * Prisma turns `contains` and case-insensitive `equals` into PostgreSQL's ILIKE and passes the text in as a pattern,
 * so `%` and `_` would match anything and a trailing `\` makes the query fail. These match the text as typed.
 */
const literal = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The text anywhere in the column, any case. */
export const containsText = (text: string) => ({ contains: literal(text), mode: 'insensitive' as const });

/** The column is the text, any case. */
export const equalsText = (text: string) => ({ equals: literal(text), mode: 'insensitive' as const });
