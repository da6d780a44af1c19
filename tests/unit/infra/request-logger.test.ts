import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, lazyRequestLogger, type Logger } from '../../../core/infra/logger';

function capture(level: string): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, 'test', sink), lines };
}

describe('lazyRequestLogger', () => {
  it('makes no child for a request that writes nothing at an enabled level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r1' }, {});
    log.info('incoming request');
    log.debug({ x: 1 }, 'details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes enabled lines through one child bound to the request', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r2' }, {});
    log.warn('slow');
    log.error({ err: new Error('boom') }, 'request failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['r2', 'slow'],
      ['r2', 'request failed'],
    ]);
  });

  it('is what Fastify hands out as request.log: lines carry the request id, secrets stay redacted', async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: (l, bindings, options) => lazyRequestLogger(l as Logger, bindings, options as Record<string, unknown>) });
    app.get('/', async (request) => {
      request.log.info({ req: { headers: { cookie: 'sid=secret' } } }, 'hello');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    const hello = lines.find((l) => l.msg === 'hello')!;
    expect(typeof hello.reqId).toBe('string');
    expect(JSON.stringify(hello)).not.toContain('secret');
    expect(lines.some((l) => l.msg === 'request completed' && l.reqId === hello.reqId)).toBe(true);
  });
});
