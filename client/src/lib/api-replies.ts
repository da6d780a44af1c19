import { z } from 'zod';

/** `{ success: true, message? }`: the answer of calls whose body the brief leaves open. */
export const OkReply = z.object({ success: z.literal(true), message: z.string().optional() });
