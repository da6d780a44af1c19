import { describe, expect, it } from 'vitest';
import { batchedLines } from '../../../core/infra/logger';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('log lines written in batches', () => {
  it('writes the lines of a moment together, in order, shortly after the first', async () => {
    const writes: string[] = [];
    const lines = batchedLines({ write: (text: string) => writes.push(text) }, { delayMs: 30 });
    lines.write('{"msg":"one"}\n');
    lines.write('{"msg":"two"}\n');
    expect(writes).toEqual([]);
    await sleep(80);
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n']);
    lines.write('{"msg":"three"}\n');
    await sleep(80);
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n', '{"msg":"three"}\n']);
  });

  it('writes a big batch at once, and whatever is pending when asked to flush', () => {
    const writes: string[] = [];
    const lines = batchedLines({ write: (text: string) => writes.push(text) }, { delayMs: 60_000, bytes: 10 });
    lines.write('0123456789\n');
    expect(writes).toEqual(['0123456789\n']);
    lines.write('short\n');
    expect(writes).toHaveLength(1);
    lines.flush();
    expect(writes).toEqual(['0123456789\n', 'short\n']);
  });
});
