import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';
import { catalogRead } from './catalog-read';
import { clientSize } from './client-size';
import { liveLatency } from './live-latency';
import { orderPlacement } from './order-placement';
import { paymentLatency } from './payment-latency';
import { socketsAtScale } from './sockets-at-scale';
import { installCleanup, killAllChildren, openFileLimit, ROOT } from './lib/processes';
import { busyWarning, cpuSnapshot, foreignCpuNow, foreignCpuPercent } from './lib/machine';
import { machineInfo, measuredCommit, printTable, row, writeResults, type Row } from './lib/report';
import { ensureClientBuild, REDIS_URL, startStack, type Stack } from './lib/stack';

/**
 * `npm run bench [-- --only catalog,orders,live,payment,sockets,client] [--profile]`: starts its own database, worker and API
 * processes, runs each measurement against a ceiling measured in the same run, prints a table and writes the results
 * (lib/report.ts `writeResults`). See bench/README.md.
 */
type Measurement = (stack: Stack, log: (line: string) => void) => Promise<Row[]>;

const MEASUREMENTS: Record<string, { title: string; run: Measurement; needsStack: boolean }> = {
  catalog: { title: 'Catalog read', run: catalogRead, needsStack: true },
  orders: { title: 'Order placement', run: orderPlacement, needsStack: true },
  live: { title: 'Live latency', run: liveLatency, needsStack: true },
  payment: { title: 'Payment verification latency', run: paymentLatency, needsStack: true },
  sockets: { title: 'Sockets at scale', run: socketsAtScale, needsStack: true },
  // With a running API it also measures what the server actually sends for the home page.
  client: { title: 'Client', run: (stack, log) => clientSize(log, stack?.api.url), needsStack: true },
};

/** The whole bench's time budget. */
const MAX_SECONDS = 600;

/** The bench holds thousands of client sockets itself; if its open-file limit is too low, rerun under a raised one. */
const NEEDED_FDS = 16_384;
if (openFileLimit() < NEEDED_FDS && !process.env.BENCH_FDS_RAISED) {
  const script = `ulimit -n ${NEEDED_FDS} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`;
  const result = spawnSync('sh', ['-c', script, 'sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FDS_RAISED: '1' },
  });
  process.exit(result.status ?? 1);
}

function parseOnly(argv: string[]): string[] {
  const i = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (i < 0) return Object.keys(MEASUREMENTS);
  const value = argv[i]!.includes('=') ? argv[i]!.split('=')[1]! : argv[i + 1] ?? '';
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(n in MEASUREMENTS));
  if (unknown.length > 0 || names.length === 0) {
    console.error(`Unknown measurement(s): ${unknown.join(', ') || '(none given)'}. Choose from: ${Object.keys(MEASUREMENTS).join(', ')}`);
    process.exit(2);
  }
  return Object.keys(MEASUREMENTS).filter((n) => names.includes(n));
}

async function serviceVersions(stack: Stack | undefined): Promise<{ postgres: string; redis: string }> {
  const postgres = stack ? ((await stack.db.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?') : '?';
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  const info = await redis.info('server');
  redis.disconnect();
  return { postgres: postgres.split(' ')[0]!, redis: /redis_version:(\S+)/.exec(info)?.[1] ?? '?' };
}

async function main() {
  installCleanup();
  const selected = parseOnly(process.argv.slice(2));
  if (process.argv.includes('--profile')) {
    // Every API and worker process writes a V8 CPU profile when it stops (summarise with bench/tools/profile-summary.ts).
    const dir = path.join(ROOT, 'bench/results/profiles', new Date().toISOString().replace(/[:.]/g, '-'));
    process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
    console.log(`CPU profiles go to ${dir}`);
  }
  const started = performance.now();
  const machine = machineInfo();
  const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
  // The share of the CPU other processes use, before the start and during each measurement (lib/machine.ts).
  const foreign: Record<string, number> = { before: await foreignCpuNow() };
  const runCpu = cpuSnapshot();
  log(`bench: ${selected.join(', ')} on ${machine.cpu}, Node ${machine.node}; other processes use ${foreign.before!.toFixed(0)}% of the CPU`);
  if (busyWarning(foreign)) console.warn(busyWarning(foreign));

  await ensureClientBuild(log);
  const stack = selected.some((n) => MEASUREMENTS[n]!.needsStack) ? await startStack(log) : undefined;
  const rows: Row[] = [];
  let failed = false;
  try {
    for (const name of selected) {
      const m = MEASUREMENTS[name]!;
      log(`— ${m.title}`);
      const cpu = cpuSnapshot();
      const startedAt = performance.now();
      try {
        rows.push(...(await m.run(stack!, log)));
        // A window of a few seconds says little about other load; only longer measurements are recorded.
        if (performance.now() - startedAt > 10_000) {
          foreign[name] = foreignCpuPercent(cpu);
          log(`  (other processes used ${foreign[name]!.toFixed(0)}% of the CPU meanwhile)`);
        }
      } catch (error) {
        failed = true;
        const message = error instanceof Error ? error.message : String(error);
        console.error(`${m.title} failed: ${message}`);
        rows.push({ ...row({ section: m.title, name: 'measurement failed', unit: '', runs: [] }), pass: false, note: message.split('\n')[0] });
      }
    }
    const versions = await serviceVersions(stack);
    const durationSeconds = (performance.now() - started) / 1000;
    // The whole bench is meant to be run often: it has a time budget, a target like the others.
    if (selected.length === Object.keys(MEASUREMENTS).length) {
      rows.push(row({ section: 'Run', name: 'the whole bench, start to report', unit: 's', runs: [durationSeconds], target: { on: 'value', op: '<', value: MAX_SECONDS } }));
    }
    printTable(rows);
    foreign.whole = foreignCpuPercent(runCpu);
    const warning = busyWarning(foreign);
    if (warning) console.warn(`\n${warning}`);
    const only = selected.length === Object.keys(MEASUREMENTS).length ? undefined : selected.join(',');
    const files = writeResults(rows, { machine, commit: measuredCommit(), ...versions, only, durationSeconds, foreignCpuPercent: foreign });
    log(`wrote ${files.json} and ${files.md} (${durationSeconds.toFixed(0)} s in all)`);
  } finally {
    await stack?.stop().catch(() => {});
    killAllChildren();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  killAllChildren();
  process.exit(1);
});
