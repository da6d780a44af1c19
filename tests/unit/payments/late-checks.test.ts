import { describe, expect, it } from 'vitest';
import { firstLateCheck, nextLateCheck, retryLateCheck } from '../../../core/modules/payments/late-checks';

describe('late checks of a gateway order', () => {
  const made = new Date('2026-11-20T10:00:00Z');
  const hoursLater = (h: number) => new Date(made.getTime() + h * 3_600_000);

  it('looks first an hour after the gateway order was made', () => {
    expect(firstLateCheck(made)).toEqual(hoursLater(1));
  });

  it('looks next at the schedule’s first time still ahead, so a run that fell behind does not look twice in a row', () => {
    expect(nextLateCheck(made, hoursLater(1))).toEqual(hoursLater(6));
    expect(nextLateCheck(made, hoursLater(5.9))).toEqual(hoursLater(6));
    expect(nextLateCheck(made, hoursLater(7))).toEqual(hoursLater(24));
    expect(nextLateCheck(made, hoursLater(30))).toEqual(hoursLater(72));
  });

  it('ends after three days', () => {
    expect(nextLateCheck(made, hoursLater(72))).toBeNull();
    expect(nextLateCheck(made, hoursLater(500))).toBeNull();
  });
});

describe('a late check that failed', () => {
  const made = new Date('2026-11-20T10:00:00Z');
  const hoursLater = (h: number) => new Date(made.getTime() + h * 3_600_000);

  it('is tried again in 15 minutes, until a day past the schedule’s end', () => {
    expect(retryLateCheck(made, hoursLater(1))).toEqual(new Date(hoursLater(1).getTime() + 15 * 60_000));
    expect(retryLateCheck(made, hoursLater(95.9))).toEqual(new Date(hoursLater(95.9).getTime() + 15 * 60_000));
    expect(retryLateCheck(made, hoursLater(96))).toBeNull();
  });
});
