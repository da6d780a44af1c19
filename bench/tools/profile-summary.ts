import { readFileSync } from 'node:fs';

/**
 * `npx tsx bench/tools/profile-summary.ts <file.cpuprofile> [top]`: where a process spent its CPU, from a profile
 * written by `npm run bench -- --profile`. Prints self time by function and by package, and the inclusive time of
 * the heaviest functions (time spent in them and everything they called).
 */
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the sample timeline.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const pkg = (url: string) => {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node core';
  // The project's own files: their first two path segments under the current directory (core/modules, server/plugins…).
  const local = url.replace(/^file:\/\//, '');
  return (local.startsWith(`${process.cwd()}/`) ? local.slice(process.cwd().length + 1) : local).split('/').slice(0, 2).join('/');
};
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${pkg(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const selfByFn = new Map<string, number>();
const selfByPkg = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  add(selfByFn, name(node), us);
  add(selfByPkg, pkg(node.callFrame.url) + (node.callFrame.functionName.startsWith('(') ? ` ${node.callFrame.functionName}` : ''), us);
  // Inclusive: credit each distinct frame on the stack once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const key = name(byId.get(cur)!);
    if (!seen.has(key)) add(inclusive, key, us);
    seen.add(key);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print('Self time by package', selfByPkg);
print('Self time by function', selfByFn);
print('Inclusive time by function', inclusive);
