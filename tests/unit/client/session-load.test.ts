// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { loadSession } from '../../../client/src/app/bootstrap';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useCart } from '../../../client/src/features/cart/stores/cart-store';

const asha: UserDto = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: { apple: 2 } };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** How the server (or the way to it) answers the login check. */
const answers = {
  user: () => json({ success: true, user: asha }),
  visitor: () => json({ success: false, message: 'Not logged in', user: null }),
  unauthorized: () => json({ success: false, code: 'unauthorized', message: 'Please login' }, 401),
  serverError: () => json({ success: false, message: 'Something went wrong' }, 503),
  offline: (): Response => {
    throw new TypeError('Failed to fetch');
  },
};
type Answer = keyof typeof answers;

/** The browser's fetch in front of the login check; `held` keeps the answer back until `release()`. */
function fakeServer(answer: Answer, { held = false } = {}) {
  const server = { answer, asked: 0, release: () => {} };
  const released = held ? new Promise<void>((resolve) => (server.release = resolve)) : Promise.resolve();
  vi.stubGlobal('fetch', async () => {
    server.asked += 1;
    await released;
    return answers[server.answer]();
  });
  return server;
}

/** Asha, as a login in this tab leaves her: her merged cart first, then her. */
function ashaLogsIn() {
  useCart.getState().cartReplaced(asha.cartItems, asha._id);
  useSession.getState().userLoggedIn(asha);
}

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: {}, owner: null, revision: 0, savedRevision: 0 });
  useSession.setState({ user: null, checked: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the login check on page load', () => {
  it.each<[string, Answer]>([
    ['a 401', 'unauthorized'],
    ['the server’s “not logged in”', 'visitor'],
  ])('signs out on %s, and the last user’s cart goes', async (_what, answer) => {
    useCart.getState().cartReplaced(asha.cartItems, asha._id);
    fakeServer(answer);
    await loadSession();
    expect(useSession.getState()).toMatchObject({ user: null, checked: true });
    expect(useCart.getState().items).toEqual({});
  });

  it.each<[string, Answer]>([
    ['the server is unreachable', 'offline'],
    ['the server fails', 'serverError'],
  ])('keeps the visitor unknown, cart and all, when %s, and asks again until it gets an answer', async (_what, answer) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    useCart.getState().cartReplaced(asha.cartItems, asha._id);
    const server = fakeServer(answer);

    await loadSession();
    expect(useSession.getState()).toMatchObject({ user: null, checked: false });
    expect(useCart.getState().items).toEqual({ apple: 2 });

    server.answer = 'user';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.asked).toBe(2);
    expect(useSession.getState()).toMatchObject({ user: asha, checked: true });
    expect(useCart.getState().items).toEqual({ apple: 2 });
  });

  it.each<[string, Answer]>([
    ['“not logged in”', 'visitor'],
    ['a 401', 'unauthorized'],
    ['a failure', 'serverError'],
  ])('keeps a login made while the check was out when the check then answers %s', async (_what, answer) => {
    const server = fakeServer(answer, { held: true });
    const checking = loadSession();
    ashaLogsIn();
    server.release();
    await checking;
    expect(useSession.getState()).toMatchObject({ user: asha, checked: true });
    expect(useCart.getState().items).toEqual({ apple: 2 });
  });

  it('keeps a logout made while the check was out, though the check then names the user', async () => {
    const server = fakeServer('user', { held: true });
    const checking = loadSession();
    ashaLogsIn();
    useSession.getState().userLoggedOut();
    useCart.getState().cartCleared();
    server.release();
    await checking;
    expect(useSession.getState()).toMatchObject({ user: null, checked: true });
    expect(useCart.getState().items).toEqual({});
  });

  it('asks no more once a login in this tab has made the visitor known', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const server = fakeServer('offline');
    await loadSession();
    ashaLogsIn();
    server.answer = 'visitor';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.asked).toBe(1);
    expect(useSession.getState().user).toEqual(asha);
  });
});
