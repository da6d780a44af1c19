// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreDto } from '../../../core/contracts/http/store-replies';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { AddressFields, EMPTY_ADDRESS } from '../../../client/src/features/addresses/components/address-fields';
import { SellerRegisterForm, type PickupFieldProps } from '../../../client/src/features/seller/components/seller-register-form';
import { storeFixture } from './marketplace-fixtures';

/** The browser's fetch answering as the server would; records what the form sent. */
function serverAnswers(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

function renderForm() {
  const registered: StoreDto[] = [];
  render(createElement(MemoryRouter, null, createElement(SellerRegisterForm, {
        onRegistered: (s: StoreDto) => void registered.push(s),
        blankAddress: EMPTY_ADDRESS,
        // As the app composes it (app/routes/seller/seller-register.tsx).
        pickupFields: (field: (name: keyof typeof EMPTY_ADDRESS) => PickupFieldProps) => createElement(AddressFields, { field }),
      })));
  const form = screen.getByRole('form', { name: 'Become a Seller' });
  const store = within(screen.getByRole('group', { name: 'Your store' }));
  const pickup = within(screen.getByRole('group', { name: 'Pickup address' }));
  return { registered, form, store, pickup };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function fillValid({ store, pickup }: ReturnType<typeof renderForm>) {
  type(store.getByLabelText('Store name'), 'Green Basket');
  type(store.getByLabelText('Contact name'), 'Ravi Kumar');
  type(store.getByLabelText('Email'), 'ravi@greenbasket.example');
  type(store.getByLabelText('Mobile number'), '98765 43210');
  type(store.getByLabelText('Password'), 'fresh-greens-42');
  type(pickup.getByLabelText('First name'), 'Ravi');
  type(pickup.getByLabelText('Last name'), 'Kumar');
  type(pickup.getByLabelText('Email address'), 'pickup@greenbasket.example');
  type(pickup.getByLabelText('Street'), '4 Market Road');
  type(pickup.getByLabelText('City'), 'Pune');
  type(pickup.getByLabelText('State'), 'Maharashtra');
  type(pickup.getByLabelText('PIN code'), '411001');
  type(pickup.getByLabelText('Phone'), '9876543210');
}

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('the store sign-up form', () => {
  it('shows the contract’s messages at each field, the pickup address’s own included, and sends nothing', async () => {
    const sent = serverAnswers(200, {});
    const view = renderForm();
    type(view.pickup.getByLabelText('PIN code'), '0123');
    type(view.store.getByLabelText('Password'), 'short');
    fireEvent.submit(view.form);
    await waitFor(() => expect(errorOf(view.store.getByLabelText('Store name'))).toBe('Store name is required'));
    expect(errorOf(view.store.getByLabelText('Password'))).toBe('Password must be at least 8 characters');
    expect(errorOf(view.pickup.getByLabelText('PIN code'))).toBe('Enter a 6-digit PIN code');
    expect(view.pickup.getByLabelText('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends the contract’s shape (pickup address nested) and hands over the new store', async () => {
    const store = storeFixture({ id: 'new-store', storeName: 'Green Basket' });
    const sent = serverAnswers(200, { success: true, message: 'Store registered', seller: store });
    const view = renderForm();
    fillValid(view);
    fireEvent.submit(view.form);
    await waitFor(() => expect(view.registered).toEqual([store]));
    expect(sent).toEqual([
      expect.objectContaining({
        storeName: 'Green Basket',
        email: 'ravi@greenbasket.example',
        phone: '9876543210',
        address: expect.objectContaining({ city: 'Pune', zipcode: '411001', country: 'India', email: 'pickup@greenbasket.example' }),
      }),
    ]);
  });

  it('shows a 409 (email taken) and a 400 naming a pickup field at those fields, not as toasts', async () => {
    serverAnswers(409, { success: false, code: 'email_taken', message: 'Email already registered' });
    const view = renderForm();
    fillValid(view);
    fireEvent.submit(view.form);
    await waitFor(() => expect(errorOf(view.store.getByLabelText('Email'))).toBe('Email already registered'));
    expect(useToasts.getState().toasts).toEqual([]);

    serverAnswers(400, { success: false, code: 'invalid_request', message: 'address.zipcode: We do not deliver to this PIN code yet' });
    fireEvent.submit(view.form);
    await waitFor(() => expect(errorOf(view.pickup.getByLabelText('PIN code'))).toBe('We do not deliver to this PIN code yet'));
    expect(errorOf(view.store.getByLabelText('Email'))).toBeUndefined();
    expect(view.registered).toEqual([]);
  });

  it('lets the store type the whole of a spaced mobile number, which the contract accepts', () => {
    const view = renderForm();
    const input = view.store.getByLabelText('Mobile number') as HTMLInputElement;
    expect(input.maxLength).toBeGreaterThanOrEqual('+91 987 654 3210'.length);
  });
});
