import { describe, expect, it } from 'vitest';
import { DEFAULT_ETA_MINUTES, isPastPromise, minutesUntil, promisedAtFrom } from '../../../core/domain/delivery-promise';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('delivery promise', () => {
  it('promises the store default, or the given minutes, from now', () => {
    expect(promisedAtFrom(now).getTime() - now.getTime()).toBe(DEFAULT_ETA_MINUTES * 60_000);
    expect(promisedAtFrom(now, 25).toISOString()).toBe('2026-11-23T10:25:00.000Z');
  });

  it('counts whole minutes left, rounding up, and none once the time has passed', () => {
    expect(minutesUntil(new Date('2026-11-23T10:10:00.000Z'), now)).toBe(10);
    expect(minutesUntil(new Date('2026-11-23T10:00:30.000Z'), now)).toBe(1);
    expect(minutesUntil(new Date('2026-11-23T09:59:00.000Z'), now)).toBeLessThanOrEqual(0);
  });

  it('an order is late only while it is still on its way past the promise', () => {
    const past = '2026-11-23T09:50:00.000Z';
    expect(isPastPromise({ status: 'On The Way', promisedAt: past }, now)).toBe(true);
    expect(isPastPromise({ status: 'On The Way', promisedAt: '2026-11-23T10:05:00.000Z' }, now)).toBe(false);
    expect(isPastPromise({ status: 'Delivered', promisedAt: past }, now)).toBe(false);
    expect(isPastPromise({ status: 'Order Placed', promisedAt: null }, now)).toBe(false);
  });
});
