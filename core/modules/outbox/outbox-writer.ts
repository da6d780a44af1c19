import { randomUUID } from 'node:crypto';
import { EventData, QUEUE_OF, type EventDataOf, type EventName } from '../../contracts/events';
import { sqlIn, sqlParams, type Tx } from '../../infra/prisma';

/** The application_name of every relay's LISTEN connection, so health can count them in pg_stat_activity. */
export const OUTBOX_LISTENER_NAME = 'outbox-relay-listener';

/** A new event's id (the future job id) and its payload, checked against the contract. */
export function prepareEvent<N extends EventName>(type: N, data: EventDataOf<N>): { id: string; payload: EventDataOf<N> } {
  return { id: randomUUID(), payload: EventData[type].parse(data) as EventDataOf<N> };
}

/**
 * An event's outbox row as an INSERT, for a statement that writes it together with the change it announces. With
 * `onlyWith`, the name of a CTE of that statement, the row is written only if that CTE returns a row (a change that
 * applied). clock_timestamp(), not the transaction's start time, so several events of one transaction keep the order
 * they were written in; in UTC, as Prisma stores every timestamp. The caller calls `outboxWritten()` on the `Sql` that
 * ran the statement, so the relays are woken once it commits.
 */
export function outboxInsert<N extends EventName>(p: (value: unknown) => string, type: N, event: { id: string; payload: EventDataOf<N> }, onlyWith?: string): string {
  return `INSERT INTO outbox (id, type, queue, payload, created_at)
          SELECT ${p(event.id)}::uuid, ${p(type)}::text, ${p(QUEUE_OF[type])}::text, ${p(JSON.stringify(event.payload))}::jsonb,
                 clock_timestamp() AT TIME ZONE 'UTC'${onlyWith ? ` FROM ${onlyWith}` : ''}`;
}

/**
 * Appends an event to the outbox inside the caller's transaction, so the change and its announcement commit
 * together or not at all (docs/architecture.md, invariant 3). Returns the event id (the future job id).
 */
export function appendEvent<N extends EventName>(tx: Tx, type: N, data: EventDataOf<N>): Promise<string> {
  return appendPreparedEvent(tx, type, prepareEvent(type, data));
}

/** The same for an event already prepared (`prepareEvent`), so its payload is checked once. */
export async function appendPreparedEvent<N extends EventName>(tx: Tx, type: N, event: { id: string; payload: EventDataOf<N> }): Promise<string> {
  const { values, p } = sqlParams();
  const sql = sqlIn(tx);
  await sql.rows(outboxInsert(p, type, event), values);
  sql.outboxWritten();
  return event.id;
}
