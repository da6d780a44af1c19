// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressDto } from '../../../core/contracts/http/address-replies';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { AddressChooser } from '../../../client/src/features/addresses/components/address-chooser';
import { useAddresses } from '../../../client/src/features/addresses/stores/address-store';

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
  useAddresses.getState().addressesCleared();
  useToasts.setState({ toasts: [] });
});

describe('the delivery address chooser', () => {
  it('drops an address the server no longer has (deleted on another device) instead of keeping it chosen', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ success: false, message: 'Address not found', code: 'address_not_found' }), { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    useAddresses.getState().addressesLoaded([address('a1', '1 Gone Street'), address('a2', '2 Home Street')]);
    render(createElement(MemoryRouter, null, createElement(AddressChooser, { isLoggedIn: true, onLoginRequested: () => {} })));

    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete address 1 Gone Street/ }));

    await waitFor(() => expect(useAddresses.getState().addresses.map((a) => a._id)).toEqual(['a2']));
    expect(useAddresses.getState().selectedId).toBe('a2');
    expect(screen.getByTestId('selected-address').textContent).toContain('2 Home Street');
  });
});
