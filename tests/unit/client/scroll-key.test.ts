// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollKey } from '../../../client/src/app/scroll-key';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the key a scroll position is kept under', () => {
  it('is the URL for the entry a full page load starts on, so each URL loaded has its own', () => {
    expect(scrollKey({ key: 'default', pathname: '/', search: '' })).toBe('/');
    expect(scrollKey({ key: 'default', pathname: '/products/dairy', search: '' })).toBe('/products/dairy');
    expect(scrollKey({ key: 'default', pathname: '/products', search: '?q=milk' })).toBe('/products?q=milk');
  });

  it('is the history entry’s own key for pages opened in the app, so back and forward find theirs', () => {
    expect(scrollKey({ key: 'k3x9', pathname: '/products/dairy', search: '' })).toBe('k3x9');
  });
});

/** A tab's page load: the app at `url`, its first history entry keyed "default" as in a browser. */
function load(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: createElement('div', null, createElement(Outlet), createElement(ScrollRestoration, { getKey: scrollKey })),
        children: [{ path: '*', element: createElement('p', null, 'page') }],
      },
    ],
    { initialEntries: [url] },
  );
  render(createElement(RouterProvider, { router }));
  return router;
}

/** The tab leaves the page (a URL typed in the address bar): the position is saved for the next load. */
function leaveAt(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  act(() => void window.dispatchEvent(new Event('pagehide')));
  cleanup();
  vi.restoreAllMocks();
}

describe('scroll restoration across page loads', () => {
  it('starts a newly loaded URL at the top, not where the previous page was left', () => {
    load('/');
    leaveAt(2500);

    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    load('/products/dairy');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scrollTo).not.toHaveBeenCalledWith(0, 2500);
  });

  it('brings the shopper back to where they were on the first page of the tab', async () => {
    const router = load('/');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1800);
    await act(() => router.navigate('/products/dairy'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1800);
  });
});
