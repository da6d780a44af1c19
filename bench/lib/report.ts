import { mkdirSync, writeFileSync } from 'node:fs';
import { busyWarning } from './machine';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './processes';
import { spread, type Spread } from './stats';

/** A figure's target: a floor or a ceiling on its median, or on its ratio to the ceiling measured in the same run. */
export type Target = { on: 'ratio' | 'value'; op: '>=' | '<' | '=='; value: number };

/** One line of the results: a product figure over its runs, and optionally the ceiling it is compared with. */
export type Row = {
  section: string;
  name: string;
  unit: string;
  runs: number[];
  value: Spread;
  ceiling?: { name: string; runs: number[]; value: Spread };
  /** median(product) / median(ceiling) */
  ratio?: number;
  target?: Target;
  pass?: boolean;
  note?: string;
};

export function row(r: { section: string; name: string; unit: string; runs: number[]; ceiling?: { name: string; runs: number[] }; target?: Target; note?: string }): Row {
  const value = spread(r.runs);
  const ceiling = r.ceiling ? { ...r.ceiling, value: spread(r.ceiling.runs) } : undefined;
  // No ratio to a zero ceiling (a latency below the load generator's 1 ms resolution).
  const ratio = ceiling && ceiling.value.median > 0 ? value.median / ceiling.value.median : undefined;
  let pass: boolean | undefined;
  if (r.target) {
    const x = r.target.on === 'ratio' ? ratio! : value.median;
    pass = r.target.op === '>=' ? x >= r.target.value : r.target.op === '<' ? x < r.target.value : x === r.target.value;
  }
  return { section: r.section, name: r.name, unit: r.unit, runs: r.runs, value, ceiling, ratio, target: r.target, pass, note: r.note };
}

export const targetText = (t: Target | undefined) => (t ? `${t.on === 'ratio' ? 'ratio' : 'median'} ${t.op === '==' ? '=' : t.op === '>=' ? '≥' : '<'} ${t.value}` : '');

export function fmt(n: number | undefined): string {
  if (n === undefined || Number.isNaN(n)) return '–';
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const COLUMNS = ['Measurement', 'Median', 'Min–max', 'Unit', 'Ceiling (median)', 'Ratio', 'Target', 'Result'];

function cells(r: Row): string[] {
  return [
    `${r.section}: ${r.name}`,
    fmt(r.value.median),
    `${fmt(r.value.min)}–${fmt(r.value.max)}`,
    r.unit,
    r.ceiling ? `${fmt(r.ceiling.value.median)} (${r.ceiling.name})` : '',
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    targetText(r.target),
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

export function machineInfo() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/** Writes bench/results/latest.json and latest.md. */
export function writeResults(rows: Row[], meta: Record<string, unknown>): { json: string; md: string } {
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'latest.json');
  const md = path.join(dir, 'latest.md');
  writeFileSync(json, `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
  writeFileSync(md, markdown(rows, meta));
  return { json, md };
}

function markdown(rows: Row[], meta: Record<string, any>): string {
  const m = meta.machine;
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Benchmark results',
    '',
    `Run ${meta.machine.date} with \`npm run bench${meta.only ? ` -- --only ${meta.only}` : ''}\` (${fmt(meta.durationSeconds)} s).`,
    `Machine: ${m.cpu}, ${m.memoryGiB} GiB RAM, ${m.platform}, Node ${m.node}, PostgreSQL ${meta.postgres}, Redis ${meta.redis}; load average at start ${m.loadAverageAtStart.join(' / ')}.`,
    `Share of the CPU used by other processes (not the bench, PostgreSQL or Redis): ${Object.entries(meta.foreignCpuPercent as Record<string, number>).map(([k, v]) => `${k} ${v.toFixed(0)}%`).join(', ')}.`,
    '',
    ...(busyWarning(meta.foreignCpuPercent) ? [`**${busyWarning(meta.foreignCpuPercent)}**`, ''] : []),
    'Each figure is the median of its runs (min–max beside it). Speeds are also given as a ratio to a ceiling measured in the',
    'same run on the same machine (ratio = product / ceiling, so for latency and CPU rows above 1 means slower or costlier);',
    'load generator and servers share the cores. See bench/README.md for what each line measures.',
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
