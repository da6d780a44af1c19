// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { CheckoutPanel } from '../../../client/src/features/orders/components/checkout-panel';

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
});

function renderPanel(props: { isLoggedIn: boolean; addressId: string | null }) {
  const onLoginRequested = vi.fn();
  const onAddressMissing = vi.fn();
  render(
    createElement(
      MemoryRouter,
      null,
      createElement(CheckoutPanel, {
        lines: [{ product: 'p1', quantity: 1 }],
        itemsPaise: 4_000,
        blockedReason: null,
        addressSlot: null,
        onOrderPlaced: () => {},
        onLoginRequested,
        onAddressMissing,
        ...props,
      }),
    ),
  );
  // The panel's button and the phone's bottom bar's: the same action.
  fireEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
  return { onLoginRequested, onAddressMissing, toasts: useToasts.getState().toasts.map((t) => `${t.type}:${t.message}`) };
}

describe('Place Order', () => {
  it('opens the login for a visitor, with no error before it', () => {
    const { onLoginRequested, toasts } = renderPanel({ isLoggedIn: false, addressId: null });
    expect(onLoginRequested).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  it('without an address says so and has the address block show the way', () => {
    const { onAddressMissing, onLoginRequested, toasts } = renderPanel({ isLoggedIn: true, addressId: null });
    expect(toasts).toEqual(['error:Please select an address']);
    expect(onAddressMissing).toHaveBeenCalledTimes(1);
    expect(onLoginRequested).not.toHaveBeenCalled();
  });
});
