import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import type { ImageSweep, ImageSweeper } from '../../../core/modules/uploads/image-sweep';
import type { Services } from '../../../core/services';
import imageSweeps from '../../../server/plugins/image-sweeps';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOTHING: ImageSweep = { deleted: 0, pending: 0, kept: 0 };

/** A sweeper whose sweeps do what `run` says (the nth call's number, and the signal the plugin passed). */
function fakeSweeper(run: (call: number, signal: AbortSignal) => Promise<ImageSweep> = async () => NOTHING) {
  const seen = { calls: 0, running: 0, signals: [] as AbortSignal[] };
  const sweeper: ImageSweeper = {
    async sweep(options = {}) {
      seen.calls++;
      seen.running++;
      seen.signals.push(options.signal!);
      try {
        return await run(seen.calls, options.signal!);
      } finally {
        seen.running--;
      }
    },
  };
  return { sweeper, seen };
}

/** A bare app with only this plugin, on the real delays; `warnings` receives its warn lines. */
async function appSweepingWith(sweeper: ImageSweeper): Promise<{ app: FastifyInstance; warnings: Record<string, unknown>[] }> {
  const warnings: Record<string, unknown>[] = [];
  const logger = createLogger('warn', 'test', { write: (line: string) => warnings.push(JSON.parse(line)) });
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
  app.decorate('services', { imageSweeper: sweeper } as unknown as Services);
  await app.register(imageSweeps);
  await app.ready();
  return { app, warnings };
}

describe("the API's image sweeps", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweep five minutes after the app is ready, then every six hours', async () => {
    const { sweeper, seen } = fakeSweeper();
    const { app } = await appSweepingWith(sweeper);

    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(seen.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(6 * HOUR);
    expect(seen.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(12 * HOUR);
    expect(seen.calls).toBe(4);
    await app.close();
  });

  it('never overlap: the next sweep is six hours after the last one ended', async () => {
    let finish = () => {};
    const { sweeper, seen } = fakeSweeper((call) => (call === 1 ? new Promise((resolve) => (finish = () => resolve(NOTHING))) : Promise.resolve(NOTHING)));
    const { app } = await appSweepingWith(sweeper);

    await vi.advanceTimersByTimeAsync(5 * MINUTE + 13 * HOUR);
    expect(seen).toMatchObject({ calls: 1, running: 1 });
    finish();
    await vi.advanceTimersByTimeAsync(6 * HOUR - 1);
    expect(seen.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.calls).toBe(2);
    await app.close();
  });

  it('log a failed sweep as a warning, and the next one runs on time', async () => {
    const { sweeper, seen } = fakeSweeper(async (call) => {
      if (call === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return NOTHING;
    });
    const { app, warnings } = await appSweepingWith(sweeper);

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(warnings).toEqual([expect.objectContaining({ level: 40, err: 'connect ECONNREFUSED 127.0.0.1:5432' })]);
    await vi.advanceTimersByTimeAsync(6 * HOUR);
    expect(seen.calls).toBe(2);
    await app.close();
  });

  it('stop when the app closes: a sweep under way is told to stop and waited for, and no timer is left', async () => {
    // Like the real sweeper, it stops a little after being told (at the end of its current batch).
    const { sweeper, seen } = fakeSweeper(
      (_call, signal) => new Promise((resolve) => signal.addEventListener('abort', () => setImmediate(() => resolve(NOTHING)), { once: true })),
    );
    const { app } = await appSweepingWith(sweeper);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(seen).toMatchObject({ calls: 1, running: 1 });

    await app.close();
    expect(seen.signals[0]!.aborted).toBe(true);
    expect(seen.running).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(seen.calls).toBe(1);
  });

  it('leave no timer behind when the app closes before the first sweep', async () => {
    const { sweeper, seen } = fakeSweeper();
    const { app } = await appSweepingWith(sweeper);
    expect(vi.getTimerCount()).toBe(1);

    await app.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(seen.calls).toBe(0);
  });
});
