import type { WsHub } from './ws-hub';

/**
 * How often a visible page pings, as the server tells it in its `hello` (and later `heartbeat` messages). A visible
 * page pings every second, which shows a stalled socket as offline within two seconds; but each ping is a wake-up, a
 * read and a pong's write for the API (bench/README.md measures it), so a process holding many sockets would spend most
 * of a core answering them. The cadence therefore slows as a process fills: the pings of all its sockets stay within
 * `pingsPerSecond`, one second apart at the least, ten at the most.
 */
const FASTEST_PING_MS = 1_000;
const SLOWEST_PING_MS = 10_000;

export function pingEveryMs(sockets: number, pingsPerSecond: number): number {
  const seconds = Math.max(1, Math.ceil(sockets / pingsPerSecond));
  return Math.min(SLOWEST_PING_MS, seconds * FASTEST_PING_MS);
}

/**
 * The process's cadence: a page is told it in its hello, and when the cadence for the sockets held now differs from
 * the one last told, every socket is told. Pages that connected while the process was emptier (after a restart, the
 * first 5,000 of a crowd) slow down with the rest, so the budget holds for all of them, not only for the newest.
 *
 * A slower cadence is told as soon as it is checked for (`announceIfSlower`, every second): a crowd reconnecting after a
 * restart is when the process's CPU is scarcest. A faster one waits for the heartbeat's beat (`announceIfChanged`), so
 * a socket count hovering at a step makes the process tell every socket at most twice a beat, not every second.
 */
export function createPingCadence(hub: Pick<WsHub, 'size' | 'deliver'>, pingsPerSecond: number) {
  let announced = FASTEST_PING_MS;
  const current = () => pingEveryMs(hub.size(), pingsPerSecond);
  const announce = (cadence: number) => {
    announced = cadence;
    hub.deliver({ audience: { kind: 'everyone' }, message: { type: 'heartbeat', pingEveryMs: cadence } });
  };
  return {
    current,
    announceIfSlower(): void {
      const now = current();
      if (now > announced) announce(now);
    },
    announceIfChanged(): void {
      const now = current();
      if (now !== announced) announce(now);
    },
  };
}
