import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ANSWER_WITHIN_MS, api, ApiError, FORM_ANSWER_WITHIN_MS } from '../../../client/src/lib/api-client';

/** A server that takes the request and never answers: the fetch settles only when its signal aborts. */
function serverGoesSilent(): { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const signal = init.signal!;
    signals.push(signal);
    return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  });
  return { signals };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a call the server never answers', () => {
  it('fails after the deadline with a message that says so, instead of waiting for good', async () => {
    serverGoesSilent();
    const call = api.get('/api/product/list', z.unknown());
    const failure = expect(call).rejects.toThrow('FreshCart is taking too long to answer');
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS - 1);
    let settled = false;
    void call.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failure;
    await expect(call).rejects.toMatchObject({ status: 0 });
  });

  it('gives a form with images longer', async () => {
    const { signals } = serverGoesSilent();
    const call = api.post('/api/product/add', z.unknown(), { form: new FormData() });
    void call.catch(() => {});
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(FORM_ANSWER_WITHIN_MS - ANSWER_WITHIN_MS);
    await expect(call).rejects.toBeInstanceOf(ApiError);
  });

  it('leaves no timer behind once answered', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true }), { status: 200 }));
    await expect(api.get('/api/user/is-auth', z.unknown())).resolves.toEqual({ success: true });
    expect(vi.getTimerCount()).toBe(0);
  });
});
