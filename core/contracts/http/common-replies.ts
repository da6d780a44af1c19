import { z } from 'zod/mini';

/*
 * Every contract is written with zod/mini (eslint refuses plain 'zod' here and in the client): the browser checks
 * every answer, every live frame and its forms with them, and zod/mini's functions are tree-shaken, where the full
 * API would add about 20 KB to the home page's first load. The server's validation and serialisation take them as
 * they are (one zod underneath). Reply shapes live in *-replies.ts files of their own, re-exported by the area files,
 * so what the first page imports is only what it parses.
 */

/** Every /api answer carries `success`; failures add a human `message` (docs/architecture.md, invariant 6). */
export const ErrorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  reqId: z.optional(z.string()),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

/**
 * What every /api route declares for its failures: any 4xx reply has the one error shape. Spread it into a route's
 * `response` schemas (`response: { 200: X, ...ErrorReplies }`); server/routes/api.ts refuses a route without it.
 */
export const ErrorReplies = { '4xx': ErrorReply } as const;

export const MessageReply = z.object({ success: z.literal(true), message: z.string() });
