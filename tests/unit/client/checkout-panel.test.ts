// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { CheckoutPanel } from '../../../client/src/features/orders/components/checkout-panel';
import { usePaymentMethod } from '../../../client/src/features/orders/stores/payment-method-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  usePaymentMethod.setState({ method: 'COD' });
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

describe('the payment method', () => {
  it('stays as chosen through the address step, and the order is placed with it', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ success: false, message: 'Not now' }), { status: 400, headers: { 'content-type': 'application/json' } });
    });
    // The address step is a page of its own: going there leaves the cart, and the panel with it.
    const cart = createElement(CheckoutPanel, {
      lines: [{ product: 'p1', quantity: 1 }],
      itemsPaise: 4_000,
      addressId: 'a1',
      isLoggedIn: true,
      blockedReason: null,
      addressSlot: createElement(Link, { to: '/add-address' }, 'Add new address'),
      onOrderPlaced: () => {},
      onLoginRequested: () => {},
      onAddressMissing: () => {},
    });
    const addAddress = createElement(Link, { to: '/cart' }, 'Back to cart');
    render(
      createElement(
        MemoryRouter,
        { initialEntries: ['/cart'] },
        createElement(Routes, null, createElement(Route, { path: '/cart', element: cart }), createElement(Route, { path: '/add-address', element: addAddress })),
      ),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Online Payment' }));
    fireEvent.click(screen.getByRole('link', { name: 'Add new address' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to cart' }));

    expect((screen.getByRole('radio', { name: 'Online Payment' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Pay with Razorpay' })[0]!);
    await waitFor(() => expect(urls).toEqual(['/api/order/razorpay/create']));
  });
});
