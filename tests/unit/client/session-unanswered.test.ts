// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession } from '../../../client/src/app/bootstrap';
import { AddAddressRoute } from '../../../client/src/app/routes/add-address';
import { MyOrdersRoute } from '../../../client/src/app/routes/my-orders';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';

/** The browser's fetch in front of the login check: unreachable, or a visitor; `hold()` keeps the next answers back. */
function fakeServer() {
  const server = {
    answer: 'offline' as 'offline' | 'visitor',
    asked: 0,
    held: Promise.resolve(),
    /** Keeps answers back until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      server.held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
  };
  vi.stubGlobal('fetch', async () => {
    server.asked += 1;
    await server.held;
    if (server.answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ success: false, message: 'Not logged in', user: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return server;
}

/** Lets the calls on their way answer, and the clock run on by `ms`. */
const elapse = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms).then(() => undefined));

function openPage(page: ComponentType) {
  render(createElement(MemoryRouter, null, createElement(page)));
}

const failed = () => screen.queryByTestId('load-failed');
const retry = () => fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  useSession.setState({ user: null, checked: false, checkFailed: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('a page that needs a user while the login check gets no answer', () => {
  it.each<[string, ComponentType]>([
    ['My Orders', MyOrdersRoute],
    ['Add address', AddAddressRoute],
  ])('%s waits, then says the check failed and offers Retry', async (_page, page) => {
    fakeServer();
    openPage(page);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(failed()).toBeNull();

    await act(() => loadSession());
    expect(failed()?.textContent).toContain('Could not load your account');
  });

  it('asks again at once on Retry, waiting meanwhile, and shows the answer', async () => {
    const server = fakeServer();
    openPage(MyOrdersRoute);
    await act(() => loadSession());

    server.answer = 'visitor';
    retry();
    expect(failed()).toBeNull();
    await elapse();

    expect(server.asked).toBe(2);
    expect(screen.getByText('Please login to see your orders.')).toBeTruthy();
  });

  it('says so again when the Retry gets no answer either', async () => {
    const server = fakeServer();
    openPage(MyOrdersRoute);
    await act(() => loadSession());

    retry();
    await elapse();
    expect(server.asked).toBe(2);
    expect(failed()).toBeTruthy();
  });

  it('keeps to one round of retries after a Retry', async () => {
    const server = fakeServer();
    openPage(MyOrdersRoute);
    await act(() => loadSession());

    retry();
    await elapse();
    expect(server.asked).toBe(2);
    // The retry that was waiting gave way to the Retry: one more check after the first wait, not two.
    await elapse(2_000);
    expect(server.asked).toBe(3);
  });

  it('joins a check already on its way rather than making another', async () => {
    const server = fakeServer();
    openPage(MyOrdersRoute);
    await act(() => loadSession());

    const release = server.hold();
    await elapse(2_000);
    expect(server.asked).toBe(2);
    retry();
    await elapse();
    expect(server.asked).toBe(2);

    server.answer = 'visitor';
    release();
    await elapse();
    expect(screen.getByText('Please login to see your orders.')).toBeTruthy();
  });
});
