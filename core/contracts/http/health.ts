import { z } from 'zod/mini';

const Probe = z.object({ ok: z.boolean(), ms: z.number(), error: z.optional(z.string()) });
const QueueDepth = z.object({ waiting: z.number(), active: z.number(), delayed: z.number(), failed: z.number() });

/**
 * GET /api/health, with 200 or (PostgreSQL down) 503. Anyone gets `status` only; an operator (the platform operator's
 * seller session, or the HEALTH_TOKEN as a bearer token) also gets what answers, the outbox backlog, whether a relay
 * listens, and the queue depths.
 */
export const HealthReply = z.object({
  success: z.boolean(),
  status: z.enum(['up', 'down']),
  postgres: z.optional(Probe),
  redis: z.optional(Probe),
  outbox: z.optional(z.nullable(z.object({ backlog: z.int(), oldestAgeMs: z.nullable(z.number()) }))),
  /** Whether some outbox relay holds a LISTEN connection (live updates in milliseconds, else on the poll). */
  relay: z.optional(z.nullable(z.object({ listening: z.boolean(), listeners: z.int() }))),
  queues: z.optional(z.nullable(z.record(z.string(), QueueDepth))),
});
