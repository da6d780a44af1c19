// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressDto } from '../../../core/contracts/http/address-replies';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { AddressChooser } from '../../../client/src/features/addresses/components/address-chooser';
import { AddressForm } from '../../../client/src/features/addresses/components/address-form';
import { useAddresses } from '../../../client/src/features/addresses/stores/address-store';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const address = (id: string, street: string): AddressDto => ({
  _id: id,
  firstName: 'Kavya',
  lastName: 'Rao',
  email: 'kavya@example.com',
  street,
  city: 'Pune',
  state: 'Maharashtra',
  zipcode: '411001',
  country: 'India',
  phone: '9876543210',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAddresses.getState().addressesCleared();
  useToasts.setState({ toasts: [] });
});

const renderChooser = (onRetry = () => {}) =>
  render(createElement(MemoryRouter, null, createElement(AddressChooser, { isLoggedIn: true, onLoginRequested: () => {}, onRetry })));

describe('the delivery address chooser', () => {
  it('drops an address the server no longer has (deleted on another device) instead of keeping it chosen', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ success: false, message: 'Address not found', code: 'address_not_found' }), { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    useAddresses.getState().addressesLoaded([address('a1', '1 Gone Street'), address('a2', '2 Home Street')]);
    renderChooser();

    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete address 1 Gone Street/ }));

    await waitFor(() => expect(useAddresses.getState().addresses.map((a) => a._id)).toEqual(['a2']));
    expect(useAddresses.getState().selectedId).toBe('a2');
    expect(screen.getByTestId('selected-address').textContent).toContain('2 Home Street');
  });
});

describe('the delivery address chooser when the addresses could not be loaded', () => {
  it('says so and offers a retry, instead of saying there is no address', () => {
    const onRetry = vi.fn();
    useAddresses.getState().addressesRequested();
    useAddresses.getState().addressesFailed();
    renderChooser(onRetry);

    expect(screen.queryByText('No address found')).toBeNull();
    expect(screen.getByTestId('load-failed').textContent).toContain('Could not load your addresses');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('still says there is none when the shopper has none', () => {
    useAddresses.getState().addressesLoaded([]);
    renderChooser();
    expect(screen.getByTestId('selected-address').textContent).toBe('No address found');
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});

describe('the delivery address chooser of a shopper with no address', () => {
  const renderEmpty = (missingTries: number) =>
    createElement(
      MemoryRouter,
      { initialEntries: ['/cart'] },
      createElement(
        Routes,
        null,
        createElement(Route, {
          path: '/cart',
          element: createElement(AddressChooser, { isLoggedIn: true, onLoginRequested: () => {}, onRetry: () => {}, missingTries }),
        }),
        createElement(Route, { path: '/add-address', element: createElement('h1', null, 'Add address page') }),
      ),
    );

  it('offers Add address at once, not a Change that hides it', () => {
    useAddresses.getState().addressesLoaded([]);
    render(renderEmpty(0));

    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByText('Add a delivery address to place your order.')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Add new address' }));
    expect(screen.getByRole('heading', { name: 'Add address page' })).toBeTruthy();
  });

  it('shows where to go when an order is tried without one: in view, Add new address focused and saying why', () => {
    useAddresses.getState().addressesLoaded([]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(renderEmpty(0));
    expect(scrolled).not.toHaveBeenCalled();

    rerender(renderEmpty(1));
    const add = screen.getByRole('link', { name: 'Add new address' });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(add);
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Add a delivery address to place your order.');

    // Every try brings it back into view.
    add.blur();
    rerender(renderEmpty(2));
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(add);
  });

  it('offers Change again once an address is saved', () => {
    useAddresses.getState().addressesLoaded([address('a1', '1 New Street')]);
    render(renderEmpty(1));
    expect(screen.queryByRole('link', { name: 'Add new address' })).toBeNull();
    expect(screen.queryByText('Add a delivery address to place your order.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  });
});

describe('a new address saved from the cart', () => {
  it('becomes the chosen delivery address, and stays chosen when the cart loads the list again', async () => {
    const added = address('a2', '2 New Street');
    vi.stubGlobal('fetch', async () => json({ success: true, message: 'Address added', address: added }));
    useAddresses.getState().addressesLoaded([address('a1', '1 Old Street')]);
    const onSaved = vi.fn();
    render(createElement(AddressForm, { editing: null, onSaved }));

    type('First name', added.firstName);
    type('Last name', added.lastName);
    type('Email address', added.email);
    type('Street', added.street);
    type('City', added.city);
    type('State', added.state);
    type('PIN code', added.zipcode);
    type('Country', added.country);
    type('Phone', added.phone);
    fireEvent.submit(screen.getByRole('form', { name: 'Add address' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(useAddresses.getState().selectedId).toBe('a2');
    useAddresses.getState().addressesLoaded([address('a1', '1 Old Street'), added]);
    expect(useAddresses.getState().selectedId).toBe('a2');
  });
});
