import { z } from 'zod';

const Probe = z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });
const QueueDepth = z.object({ waiting: z.number(), active: z.number(), delayed: z.number(), failed: z.number() });

/**
 * GET /api/health, with 200 or (PostgreSQL down) 503. Anyone gets `status` only; an operator (a seller session, or
 * the HEALTH_TOKEN as a bearer token) also gets what answers, the outbox backlog, whether a relay listens, and the
 * queue depths.
 */
export const HealthReply = z.object({
  success: z.boolean(),
  status: z.enum(['up', 'down']),
  postgres: Probe.optional(),
  redis: Probe.optional(),
  outbox: z.object({ backlog: z.number().int(), oldestAgeMs: z.number().nullable() }).nullable().optional(),
  /** Whether some outbox relay holds a LISTEN connection (live updates in milliseconds, else on the poll). */
  relay: z.object({ listening: z.boolean(), listeners: z.number().int() }).nullable().optional(),
  queues: z.record(z.string(), QueueDepth).nullable().optional(),
});
