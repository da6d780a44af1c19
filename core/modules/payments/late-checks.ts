/**
 * Late checks: a gateway order is asked about again a few times after its checkout stopped waiting for the payment
 * (expired, cancelled or paid). A UPI collect can be approved, and a second payment captured on a paid order, after
 * everything here has moved on; the gateway's webhook normally reports it, but one that never arrives (a webhook
 * misconfigured or down for longer than Razorpay retries, about a day) would leave the shopper's money with the store
 * and nobody told. Each look is one `orders.fetchPayments` call, so there are few of them, spaced further and further
 * apart, and none after three days: by then a shopper still missing money has asked for it.
 *
 * Times are counted from when the gateway order was made. A checkout still waiting when a look falls due is the
 * reconciler's Pending work; its look comes once it stops waiting.
 */
export const LATE_CHECK_HOURS = [1, 6, 24, 72] as const;

const HOUR_MS = 3_600_000;

/** The first look at a new gateway order. */
export function firstLateCheck(createdAt: Date): Date {
  return new Date(createdAt.getTime() + LATE_CHECK_HOURS[0] * HOUR_MS);
}

/** The look after one made at `now`: the schedule's next time still ahead, or null when none is left. */
export function nextLateCheck(createdAt: Date, now: Date): Date | null {
  const next = LATE_CHECK_HOURS.map((h) => createdAt.getTime() + h * HOUR_MS).find((at) => at > now.getTime());
  return next === undefined ? null : new Date(next);
}

/** A failed look is tried again this much later, until a day past the schedule's end. */
const RETRY_MS = 15 * 60_000;
const GIVE_UP_AFTER_HOURS = LATE_CHECK_HOURS.at(-1)! + 24;

/** When to try a look that failed at `now` again, or null once it has been failing for a day past the schedule. */
export function retryLateCheck(createdAt: Date, now: Date): Date | null {
  return now.getTime() < createdAt.getTime() + GIVE_UP_AFTER_HOURS * HOUR_MS ? new Date(now.getTime() + RETRY_MS) : null;
}
