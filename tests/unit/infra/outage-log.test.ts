import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createOutageLog } from '../../../core/infra/outage-log';

function captured(level: string) {
  const lines: { level: number; msg: string; err?: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, 'test', sink), lines };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('a dependency outage', () => {
  it('is logged once at warn when it starts and once at info when it ends, however many retries fail', async () => {
    const { logger, lines } = captured('info');
    const outage = createOutageLog(logger, 'Redis');
    outage.recovered();
    for (let i = 0; i < 50; i++) outage.failed(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    outage.recovered();
    outage.recovered();
    await flush();
    expect(lines.map((l) => [l.level, l.msg.replace(/[\d.]+ s$/, 'N s')])).toEqual([
      [40, 'Redis is unavailable; retrying until it answers'],
      [30, 'Redis is available again after N s'],
    ]);
    expect(lines[0]!.err).toBe('connect ECONNREFUSED 127.0.0.1:6379');
  });

  it('shared by several connections, ends only when every one that failed is back', async () => {
    const { logger, lines } = captured('info');
    const outage = createOutageLog(logger, 'Redis');
    outage.failed('down', 'a');
    outage.failed('down', 'b');
    outage.recovered('a');
    outage.failed('down', 'a');
    outage.recovered('a');
    outage.recovered('b');
    await flush();
    expect(lines.map((l) => l.level)).toEqual([40, 30]);
  });

  it('keeps every retry at debug', async () => {
    const { logger, lines } = captured('debug');
    const outage = createOutageLog(logger, 'PostgreSQL');
    for (let i = 0; i < 3; i++) outage.failed('refused');
    await flush();
    expect(lines.map((l) => l.level)).toEqual([40, 20, 20]);
  });
});
