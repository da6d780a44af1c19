import { z } from 'zod/mini';

/** GET /api/store: what every page needs to know about the store itself. */
export const StoreInfoReply = z.object({
  success: z.literal(true),
  /** Payments go to the simulated gateway: no real money moves, and every page says so. */
  testPayments: z.boolean(),
  /** The store's address: where calls and live updates are accepted from. */
  publicOrigin: z.string(),
});
export type StoreInfoReply = z.infer<typeof StoreInfoReply>;
