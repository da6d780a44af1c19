// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../core/contracts/http/account-replies';
import { Navbar } from '../../../client/src/app/layouts/navbar';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSession } from '../../../client/src/features/auth/stores/session-store';

const asha: UserDto = { _id: 'u1', name: 'Asha', email: 'asha@example.com', phone: null, cartItems: {} };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null, checked: false });
  useToasts.setState({ toasts: [] });
});

function Path() {
  return createElement('output', { 'data-testid': 'path' }, useLocation().pathname);
}

describe('the phone menu', () => {
  it('closes on Logout from the home page, where logging out leaves the shopper', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, message: 'Logged out' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    useSession.setState({ user: asha, checked: true });
    render(createElement(MemoryRouter, { initialEntries: ['/'] }, createElement(Navbar), createElement(Path)));
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});
