import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';

describe('per-request log lines', () => {
  const contexts: TestContext[] = [];
  afterAll(() => Promise.all(contexts.map((c) => c.close())));

  async function linesAt(level: string): Promise<{ msg: string; level: number; url?: string; statusCode?: number; reqId?: string }[]> {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const ctx = await buildTestContext({ LOG_LEVEL: level }, { logDestination: capture });
    contexts.push(ctx);
    await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth' });
    return lines.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }

  it('are not written at info, the production default', async () => {
    const lines = await linesAt('info');
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
  });

  it('are one line per request at debug, with method, URL, status and time', async () => {
    const lines = (await linesAt('debug')).filter((l) => l.msg === 'request completed');
    expect(lines.map((l) => [l.level, l.url, l.statusCode])).toEqual([
      [20, '/api/product/list', 200],
      [20, '/api/user/is-auth', 200],
    ]);
    // Each request its own id: this process's random prefix, then a count.
    const [first, second] = lines.map((l) => l.reqId!);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(second).not.toBe(first);
    expect(second!.split('-')[0]).toBe(first!.split('-')[0]);
  });
});
