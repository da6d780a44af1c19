import { safeParse } from 'zod/mini';
import { AdminTotalsQuery } from '@core/contracts/http/stores';

/** A day as a date input holds it (yyyy-mm-dd), in the operator's own time zone. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start of a yyyy-mm-dd day in local time, or null for anything else. */
function startOf(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date) === day ? date : null;
}

/** The last 7 days, today included. */
export function lastSevenDays(now = new Date()): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
  return { from: dayOf(from), to: dayOf(now) };
}

/** A refused period's message, and the date it is about when it is about one of them. */
export type PeriodQuery = { ok: true; from: string; to: string } | { ok: false; message: string; field?: 'from' | 'to' };

/**
 * The chosen days (both included, as the inputs read) as the totals query's [from, to) instants: from the start of
 * the first day to the start of the day after the last, in the operator's time zone.
 */
export function periodQuery(fromDay: string, toDay: string): PeriodQuery {
  const from = startOf(fromDay);
  const to = startOf(toDay);
  if (!from || !to) return { ok: false, message: 'Choose both dates' };
  if (from > to) return { ok: false, message: 'The start date must be on or before the end date' };
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
  const query = { from: from.toISOString(), to: end.toISOString() };
  // The server's own check of what is sent (the years it accepts), so a date it would refuse is told at its field.
  const checked = safeParse(AdminTotalsQuery, query);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { ok: false, message: issue.message, field: issue.path[0] === 'from' ? 'from' : 'to' };
  }
  return { ok: true, ...query };
}
