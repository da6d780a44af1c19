import { describe, expect, it } from 'vitest';
import { DEFAULT_ETA_MINUTES, ETA_RANGE_MESSAGE, etaMinutesFrom, isPastPromise, lateFirst, minutesUntil, promisedAtFrom } from '../../../core/domain/delivery-promise';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('delivery promise', () => {
  it('promises the store default, or the given minutes, from now', () => {
    expect(promisedAtFrom(now).getTime() - now.getTime()).toBe(DEFAULT_ETA_MINUTES * 60_000);
    expect(promisedAtFrom(now, 25).toISOString()).toBe('2026-11-23T10:25:00.000Z');
  });

  it("reads the seller's typed ETA as whole minutes from 1 to 240, and anything else as nothing to promise", () => {
    expect(etaMinutesFrom('25')).toBe(25);
    expect(etaMinutesFrom(' 1 ')).toBe(1);
    expect(etaMinutesFrom('240')).toBe(240);
    for (const typo of ['', ' ', '0', '241', '2.5', '-5', '1e2', '10 min', '٣']) expect(etaMinutesFrom(typo), typo).toBeNull();
    expect(ETA_RANGE_MESSAGE).toBe('Minutes must be a whole number from 1 to 240');
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

  it('puts late orders first on the board, keeping newest first within each group', () => {
    const order = (id: string, status: string, promisedAt: string | null) => ({ id, status, promisedAt });
    const board = [
      order('new', 'Order Placed', null),
      order('on-time', 'On The Way', '2026-11-23T10:05:00.000Z'),
      order('late-1', 'On The Way', '2026-11-23T09:55:00.000Z'),
      order('delivered', 'Delivered', '2026-11-23T09:00:00.000Z'),
      order('late-2', 'On The Way', '2026-11-23T09:40:00.000Z'),
    ];
    const { orders, late } = lateFirst(board, now);
    expect(orders.map((o) => o.id)).toEqual(['late-1', 'late-2', 'new', 'on-time', 'delivered']);
    expect([...late].map((o) => o.id)).toEqual(['late-1', 'late-2']);
  });
});
