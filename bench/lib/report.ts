import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { busyWarning } from './machine';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './processes';
import { spread, type Spread } from './stats';

/**
 * A figure's target: a floor or a ceiling on the figure itself, or on its ratio to the ceiling measured in the same run.
 * It counts as met only when the unfavourable quartile meets it: the lower quartile for a floor, the upper one for a
 * ceiling (for `==`, every run).
 */
export type Target = { on: 'ratio' | 'value'; op: '>=' | '<=' | '<' | '=='; value: number };

/** One line of the results: a product figure over its runs, and optionally the ceiling it is compared with. */
export type Row = {
  section: string;
  name: string;
  unit: string;
  runs: number[];
  value: Spread;
  ceiling?: { name: string; runs: number[]; value: Spread };
  /** product / ceiling of each pair of runs (runs alternate product, ceiling), or of the medians when unpaired. */
  ratios?: number[];
  ratio?: Spread;
  target?: Target;
  /** The figure the target was judged on (see Target). */
  judged?: number;
  pass?: boolean;
  note?: string;
};

export function row(r: { section: string; name: string; unit: string; runs: number[]; ceiling?: { name: string; runs: number[] }; target?: Target; note?: string }): Row {
  const value = spread(r.runs);
  const ceiling = r.ceiling ? { ...r.ceiling, value: spread(r.ceiling.runs) } : undefined;
  let ratios: number[] | undefined;
  if (ceiling && ceiling.runs.length === r.runs.length) ratios = r.runs.map((v, i) => v / ceiling.runs[i]!).filter((x) => Number.isFinite(x));
  // No ratio to a zero ceiling (a latency below the load generator's 1 ms resolution).
  else if (ceiling && ceiling.value.median > 0) ratios = [value.median / ceiling.value.median];
  const ratio = ratios && ratios.length > 0 ? spread(ratios) : undefined;
  let judged: number | undefined;
  let pass: boolean | undefined;
  if (r.target) {
    const s = r.target.on === 'ratio' ? ratio : value;
    const t = r.target;
    if (!s) {
      pass = false;
    } else if (t.op === '==') {
      judged = s.min === t.value ? s.max : s.min;
      pass = s.min === t.value && s.max === t.value;
    } else {
      judged = t.op === '>=' ? s.q1 : s.q3;
      pass = t.op === '>=' ? judged >= t.value : t.op === '<=' ? judged <= t.value : judged < t.value;
    }
  }
  return { section: r.section, name: r.name, unit: r.unit, runs: r.runs, value, ceiling, ratios, ratio, target: r.target, judged, pass, note: r.note };
}

const OP_TEXT = { '>=': '≥', '<=': '≤', '<': '<', '==': '=' } as const;
export const targetText = (t: Target | undefined) => (t ? `${t.on === 'ratio' ? 'ratio' : 'value'} ${OP_TEXT[t.op]} ${t.value}` : '');
const judgedOn = (t: Target) => (t.op === '==' ? 'every run' : t.op === '>=' ? 'the lower quartile' : 'the upper quartile');

export function fmt(n: number | undefined): string {
  if (n === undefined || Number.isNaN(n)) return '–';
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const COLUMNS = ['Measurement', 'Median', 'Quartiles', 'Min–max', 'Runs', 'Unit', 'Ceiling (median)', 'Ratio (quartiles)', 'Target', 'Result'];

function cells(r: Row): string[] {
  return [
    `${r.section}: ${r.name}`,
    fmt(r.value.median),
    r.value.n >= 4 ? `${fmt(r.value.q1)}–${fmt(r.value.q3)}` : '',
    `${fmt(r.value.min)}–${fmt(r.value.max)}`,
    String(r.value.n),
    r.unit,
    r.ceiling ? `${fmt(r.ceiling.value.median)} (${r.ceiling.name})` : '',
    r.ratio === undefined ? '' : `${r.ratio.median.toFixed(2)}${r.ratio.n >= 4 ? ` (${r.ratio.q1.toFixed(2)}–${r.ratio.q3.toFixed(2)})` : ''}`,
    r.target ? `${targetText(r.target)}, on ${judgedOn(r.target)}` : '',
    r.pass === undefined ? '' : r.pass ? 'pass' : 'FAIL',
  ];
}

export function printTable(rows: Row[]): void {
  const table = [COLUMNS, ...rows.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(COLUMNS)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of table.slice(1)) console.log(line(r));
  for (const r of rows.filter((x) => x.note)) console.log(`  · ${r.section}: ${r.name}: ${r.note}`);
}

/**
 * The figure a target was judged on, as the report rounds it (ratios to two places), or, where that would read as the
 * target itself, with as many places as it takes to differ from it: a ratio of 1.0001 judged against ≤ 1 fails, and
 * "1.00" beside FAIL would read as a mistake.
 */
export function judgedFigure(judged: number, target: Target): string {
  let text = target.on === 'ratio' ? judged.toFixed(2) : fmt(judged);
  for (let places = 1; judged !== target.value && Number(text.replace(/,/g, '')) === target.value && places <= 6; places++) {
    text = judged.toFixed(places);
  }
  return text;
}

/** Every target of the run, one line each: what it asks, the figure it was judged on, pass or fail. */
function targetLines(rows: Row[]): string[] {
  return rows
    .filter((r) => r.target)
    .map((r) => {
      const judged = r.judged === undefined ? 'no figure' : `${judgedFigure(r.judged, r.target!)}${r.target!.on === 'ratio' ? '' : ` ${r.unit}`}`;
      return `- **${r.pass ? 'pass' : 'FAIL'}**: ${r.section}: ${r.name}: ${targetText(r.target)}; ${judgedOn(r.target!)} ${judged}`;
    });
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}${cpus[0]?.speed ? ` (${(cpus[0].speed / 1000).toFixed(1)} GHz)` : ''}`,
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/**
 * The commit the run measured, and whether the tree differed from it (results files aside): a report says which code
 * it timed. Undefined outside a git checkout.
 */
export function measuredCommit(): string | undefined {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return undefined;
  const changed = git('status', '--porcelain', '--', '.', ':!bench/results').stdout.trim() !== '';
  return `${head.stdout.trim()}${changed ? ' with uncommitted changes' : ''}`;
}

/**
 * A file name for a CPU model, so the runs of each machine are kept side by side: "2 × Intel(R) Xeon(R) Processor
 * (2.8 GHz)" → "intel-xeon", "2 × AMD EPYC" → "amd-epyc".
 */
export function cpuSlug(cpu: string): string {
  return cpu
    .replace(/^\d+ × /, '')
    .replace(/\(\d+(\.\d+)? GHz\)|\((R|TM)\)|\bprocessor\b|\bCPU\b|@.*$/gi, ' ')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** What a results file holds: the run's facts and its rows. */
export type Results = Record<string, any> & { machine: ReturnType<typeof machineInfo>; rows: Row[] };

/**
 * A whole run writes bench/results/latest.{json,md} and machines/<cpu>.{json,md}, the latest run on that CPU model;
 * latest.md also lists the targets as the other CPU models last met them. A run of some measurements only (`--only`)
 * writes partial.{json,md}, which git ignores, so it never passes for a whole run.
 */
export function writeResults(rows: Row[], meta: Record<string, unknown>): { json: string; md: string } {
  const dir = path.join(ROOT, 'bench/results');
  const results = { ...meta, rows } as Results;
  const write = (name: string, text: string) => {
    const base = path.join(dir, name);
    mkdirSync(path.dirname(base), { recursive: true });
    writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(`${base}.md`, text);
    return { json: `${base}.json`, md: `${base}.md` };
  };
  const report = markdown(rows, meta);
  if (meta.only) return write('partial', report);
  const cpu = cpuSlug(results.machine.cpu);
  write(`machines/${cpu}`, report);
  const others = readMachines(path.join(dir, 'machines')).filter((r) => cpuSlug(r.machine.cpu) !== cpu);
  return write('latest', report + otherMachines(others));
}

function readMachines(dir: string): Results[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Results);
}

/**
 * The targets as the latest whole run on each other CPU model met them: a target that must hold on every machine the
 * bench runs on (the catalogue reads) is judged on each machine's own run.
 */
export function otherMachines(others: Results[]): string {
  if (others.length === 0) return '';
  const lines = ['## The latest run on each other CPU model', ''];
  for (const r of others) {
    const targets = r.rows.filter((x) => x.target);
    const file = `machines/${cpuSlug(r.machine.cpu)}.md`;
    lines.push(
      `### ${r.machine.cpu}: ${targets.filter((x) => x.pass).length} of ${targets.length} met`,
      '',
      `Run ${r.machine.date}${r.commit ? ` of commit ${r.commit}` : ''} (${fmt(r.durationSeconds)} s); the whole report: [${file}](${file}).`,
      '',
      ...targetLines(r.rows),
      '',
    );
  }
  return lines.join('\n');
}

function markdown(rows: Row[], meta: Record<string, any>): string {
  const m = meta.machine;
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Benchmark results',
    '',
    `Run ${meta.machine.date}${meta.commit ? ` of commit ${meta.commit}` : ''} with \`npm run bench${meta.only ? ` -- --only ${meta.only}` : ''}\` (${fmt(meta.durationSeconds)} s).`,
    `Machine: ${m.cores} cores, CPU ${m.cpu}, ${m.memoryGiB} GiB RAM, ${m.platform}, Node ${m.node}, PostgreSQL ${meta.postgres}, Redis ${meta.redis}; load average at start ${m.loadAverageAtStart.join(' / ')}.`,
    `Share of the CPU used by other processes (not the bench, PostgreSQL or Redis): ${Object.entries(meta.foreignCpuPercent as Record<string, number>).map(([k, v]) => `${k} ${v.toFixed(0)}%`).join(', ')}.`,
    '',
    ...(busyWarning(meta.foreignCpuPercent) ? [`**${busyWarning(meta.foreignCpuPercent)}**`, ''] : []),
    `## Targets: ${rows.filter((r) => r.pass).length} of ${rows.filter((r) => r.target).length} met`,
    '',
    ...targetLines(rows),
    '',
    '## How to read it',
    '',
    'Each figure is the median of its runs, with its quartiles (nearest rank) and min–max. A speed compared with a ceiling',
    'comes from runs that alternate product and ceiling in the same run on the same machine; its ratio (product / ceiling,',
    'so for latency and CPU rows above 1 means slower or costlier) is taken per pair and reported as the median of the',
    "pairs with their quartiles. A target counts as met only when the unfavourable quartile meets it: the lower one for a",
    'floor, the upper one for a ceiling. Load generator and servers share the cores. See bench/README.md for what each',
    'line measures.',
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`),
    '',
    ...rows.filter((r) => r.note).map((r) => `- ${r.section}: ${r.name}: ${r.note}`),
    '',
  ];
  return lines.join('\n');
}
