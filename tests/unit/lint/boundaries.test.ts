import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(root, 'tests/fixtures/boundaries');
const LAYER_RULES = new Set(['boundaries/dependencies', 'no-restricted-imports']);

/** Each fixture names the place it pretends to live (`// lint-as: …`) and how many imports must be refused there. */
function readFixture(name: string) {
  const code = readFileSync(path.join(fixtures, name), 'utf8');
  const lintAs = /^\/\/ lint-as: (.+)$/m.exec(code)?.[1];
  const expected = /^\/\/ expect: (\d+)$/m.exec(code)?.[1];
  if (!lintAs || expected === undefined) throw new Error(`${name} lacks its lint-as or expect line`);
  return { code, filePath: path.join(root, lintAs), expected: Number(expected) };
}

const eslint = new ESLint({ cwd: root });

describe('the layer rules (eslint.config.js)', () => {
  const names = readdirSync(fixtures).filter((f) => f.endsWith('.ts'));

  it('has fixtures to check', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
  });

  it.each(names)('refuse exactly the forbidden imports of %s', async (name) => {
    const { code, filePath, expected } = readFixture(name);
    const [result] = await eslint.lintText(code, { filePath });
    const refused = result!.messages.filter((m) => m.ruleId && LAYER_RULES.has(m.ruleId));
    // Every refusal is an error on an import line, so the rule would fail `npm run lint`.
    expect(refused.map((m) => ({ line: code.split('\n')[m.line - 1]!.startsWith('import'), severity: m.severity }))).toEqual(
      Array.from({ length: expected }, () => ({ line: true, severity: 2 })),
    );
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    // The first lint loads the TypeScript resolver and typed rules: about a second idle, more on a busy machine.
  }, 30_000);
});
