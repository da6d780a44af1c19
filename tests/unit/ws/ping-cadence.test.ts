import { describe, expect, it } from 'vitest';
import { createPingCadence, pingEveryMs } from '../../../server/ws/ping-cadence';

describe("a visible page's ping cadence, as a process's hello announces it", () => {
  it('is every second until the process holds as many sockets as it allows pings a second', () => {
    expect([1, 4_999, 5_000].map((n) => pingEveryMs(n, 5_000))).toEqual([1_000, 1_000, 1_000]);
  });

  it('then slows a second at a time, so all the pages together stay within the budget', () => {
    expect([5_001, 10_000, 10_001, 18_000].map((n) => pingEveryMs(n, 5_000))).toEqual([2_000, 2_000, 3_000, 4_000]);
    for (const n of [7_000, 18_000, 45_000]) expect(n / (pingEveryMs(n, 5_000) / 1_000)).toBeLessThanOrEqual(5_000);
  });

  it('never slower than every ten seconds', () => {
    expect(pingEveryMs(1_000_000, 5_000)).toBe(10_000);
  });
});

describe('telling the pages a new cadence', () => {
  /** A hub of `size` sockets that records the cadences it is asked to tell everyone. */
  function fakeHub() {
    const told: number[] = [];
    const hub = {
      size: () => hub.sockets,
      sockets: 0,
      deliver: (envelope: { message: { type: string; pingEveryMs?: number } }) => {
        told.push(envelope.message.pingEveryMs!);
        return 0;
      },
    };
    return { hub, told };
  }

  it('tells a slower cadence as soon as it is checked for, and a faster one only at a beat', () => {
    const { hub, told } = fakeHub();
    const cadence = createPingCadence(hub, 2);
    hub.sockets = 3;
    cadence.announceIfSlower();
    cadence.announceIfSlower();
    expect(told).toEqual([2_000]);

    hub.sockets = 1;
    cadence.announceIfSlower();
    expect(told).toEqual([2_000]);
    cadence.announceIfChanged();
    cadence.announceIfChanged();
    expect(told).toEqual([2_000, 1_000]);
  });

  it('tells nothing while the cadence stays what the pages were last told', () => {
    const { hub, told } = fakeHub();
    const cadence = createPingCadence(hub, 2);
    hub.sockets = 2;
    cadence.announceIfSlower();
    cadence.announceIfChanged();
    expect(told).toEqual([]);
  });
});
