import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, whenOriginRefused } from '../../../client/src/lib/api-client';

const refusal = {
  success: false,
  code: 'forbidden_origin',
  message: "Request refused: this page was opened at http://192.168.1.5:3000, but the store's address is http://localhost:3000. Open http://localhost:3000 to continue.",
};

/** The browser's fetch answering as the server does (its answers are covered by the security tests). */
function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  whenOriginRefused(() => {});
});

describe('a call refused for its origin', () => {
  it('is reported through the one handler, with the server’s message naming the store’s address, and still fails', async () => {
    const shown: string[] = [];
    whenOriginRefused((message) => shown.push(message));
    serverAnswers(403, refusal);
    await expect(api.post('/api/cart/update', z.unknown(), { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([refusal.message]);
  });

  it('is the only 403 reported that way', async () => {
    const shown: string[] = [];
    whenOriginRefused((message) => shown.push(message));
    serverAnswers(403, { success: false, code: 'forbidden', message: 'Not your order' });
    await expect(api.post('/api/order/cancel', z.unknown(), { body: {} })).rejects.toThrow('Not your order');
    expect(shown).toEqual([]);
  });
});
