// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginModal } from '../../../client/src/features/auth/components/login-modal';
import { useLoginModal } from '../../../client/src/features/auth/stores/login-modal-store';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useLoginModal.setState({ open: false, mode: 'login' });
  useToasts.setState({ toasts: [] });
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function renderModal() {
  render(createElement(LoginModal, { localCart: () => ({}), onAuthenticated: () => {} }));
  act(() => useLoginModal.getState().loginRequested('login'));
}

describe('the login modal', () => {
  // On a shared device the next person to open the modal must not find the last one's password waiting in it.
  it.each([
    ['the × button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', () => fireEvent(screen.getByTestId('login-modal'), new Event('cancel', { cancelable: true }))],
  ])('forgets a typed password when it is closed with %s without logging in', (_how, close) => {
    renderModal();
    type(screen.getByLabelText('Email'), 'ravi@example.com');
    type(screen.getByLabelText('Password'), 'ravis-secret-pw');

    act(close);
    expect(useLoginModal.getState().open).toBe(false);
    act(() => useLoginModal.getState().loginRequested('login'));

    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});
