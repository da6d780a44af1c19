import { randomUUID } from 'node:crypto';
import { EventData, QUEUE_OF, type EventDataOf, type EventName } from '../../contracts/events';
import type { Tx } from '../../infra/prisma';

/** The channel the relay LISTENs on; NOTIFY is delivered only when the transaction commits. */
export const OUTBOX_CHANNEL = 'outbox_event';

/** The application_name of every relay's LISTEN connection, so health can count them in pg_stat_activity. */
export const OUTBOX_LISTENER_NAME = 'outbox-relay-listener';

/** A new event's id (the future job id) and its payload, checked against the contract. */
export function prepareEvent<N extends EventName>(type: N, data: EventDataOf<N>): { id: string; payload: EventDataOf<N> } {
  return { id: randomUUID(), payload: EventData[type].parse(data) as EventDataOf<N> };
}

/**
 * Appends an event to the outbox inside the caller's transaction, so the change and its announcement commit
 * together or not at all (docs/architecture.md, invariant 3). Returns the event id (the future job id).
 */
export async function appendEvent<N extends EventName>(tx: Tx, type: N, data: EventDataOf<N>): Promise<string> {
  const { id, payload } = prepareEvent(type, data);
  // One round trip for both. clock_timestamp(), not the transaction's start time, so several events of one
  // transaction keep the order they were written in; in UTC, as Prisma stores every timestamp.
  await tx.$executeRaw`
    WITH event AS (
      INSERT INTO outbox (id, type, queue, payload, created_at)
      VALUES (${id}::uuid, ${type}, ${QUEUE_OF[type]}, ${JSON.stringify(payload)}::jsonb, clock_timestamp() AT TIME ZONE 'UTC')
    )
    SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;
  return id;
}
