import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from './stats';

/**
 * How much of the machine's CPU went to processes that are not part of the bench: not this process or its
 * descendants (API, worker, pgbench…), and not PostgreSQL or Redis. Other work on a 2-core machine (a test suite, a
 * browser) lowers every figure and skews ratios, so each run records it. Read from /proc (Linux).
 */
export type CpuSnapshot = { total: number; busy: number; ours: number };

const BENCH_SERVICES = new Set(['postgres', 'redis-server']);

export function cpuSnapshot(): CpuSnapshot {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  return { total: busy + idle! + iowait!, busy, ours: benchCpuTicks() };
}

/** CPU ticks of the bench's own process tree (children it already reaped included) and of PostgreSQL and Redis. */
function benchCpuTicks(): number {
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime are fields 14–17 of stat(5); f starts at field 3.
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      procs.set(Number(name), { ppid: Number(f[1]), comm, ticks });
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, depth = 0; p && depth < 50; p = procs.get(p)?.ppid, depth++) if (p === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (inTree(pid) || BENCH_SERVICES.has(p.comm)) ticks += p.ticks;
  return ticks;
}

/** Share of the machine's CPU capacity (%) other processes used between two snapshots. */
export function foreignCpuPercent(from: CpuSnapshot, to: CpuSnapshot = cpuSnapshot()): number {
  const total = to.total - from.total;
  if (total <= 0) return 0;
  const foreign = to.busy - from.busy - (to.ours - from.ours);
  return Math.max(0, Math.min(100, (foreign / total) * 100));
}

/** Other processes' share of the CPU over a short idle window, before the bench starts anything. */
export async function foreignCpuNow(ms = 2000): Promise<number> {
  const from = cpuSnapshot();
  await sleep(ms);
  return foreignCpuPercent(from);
}

/** Above this share of the CPU going to other processes, the run's figures are not comparable with a quiet run. */
export const BUSY_PERCENT = 10;

export function busyWarning(foreign: Record<string, number>): string | undefined {
  const busiest = Object.entries(foreign).sort((a, b) => b[1] - a[1])[0];
  if (!busiest || busiest[1] < BUSY_PERCENT) return undefined;
  return (
    `WARNING: other processes used up to ${busiest[1].toFixed(0)}% of the CPU (${busiest[0]}): they competed with the bench for the ` +
    `cores, so absolute figures are low and ratios skewed against the product's single-threaded API process. Rerun on a quiet machine.`
  );
}
