import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { SellerRegisterBody } from '../../../core/contracts/http/stores';
import { groupByStore } from '../../../client/src/features/cart/lib/group-by-store';
import { countByStatus, storeActions, storesInTab } from '../../../client/src/features/operator/lib/store-tabs';
import { lastSevenDays, periodQuery } from '../../../client/src/features/operator/lib/period';
import { checkoutAmount, groupByCheckout } from '../../../client/src/features/orders/lib/group-by-checkout';
import { storesOf } from '../../../client/src/features/products/lib/stores-of';
import { registerErrorsOf } from '../../../client/src/features/seller/lib/register-errors';
import { storeStatusNotice } from '../../../client/src/features/seller/components/store-status-banner';
import { ApiError } from '../../../client/src/lib/api-client';
import { fieldErrors, fieldErrorsFromMessage } from '../../../client/src/lib/field-errors';
import { orderFixture, storeFixture } from './marketplace-fixtures';

const green = { id: 's1', storeName: 'Green Basket' };
const dairy = { id: 's2', storeName: 'Anand Dairy' };

describe('My Orders groups a checkout’s orders', () => {
  it('puts orders of one checkout together, checkouts newest first, each checkout’s orders by store name', () => {
    const orders = [
      orderFixture({ _id: 'a', checkoutId: 'CK2', seller: green, createdAt: '2026-11-23T11:00:00.000Z' }),
      orderFixture({ _id: 'b', checkoutId: 'CK1', seller: green }),
      orderFixture({ _id: 'c', checkoutId: 'CK2', seller: dairy, createdAt: '2026-11-23T11:00:00.000Z' }),
    ];
    const groups = groupByCheckout(orders);
    expect(groups.map((g) => [g.checkoutId, g.orders.map((o) => o._id)])).toEqual([
      ['CK2', ['c', 'a']],
      ['CK1', ['b']],
    ]);
  });

  it('adds the checkout’s amount in paise (the fee is on one order only)', () => {
    const group = { checkoutId: 'CK1', orders: [orderFixture({ _id: 'a', amount: 42.1, fee: 2 }), orderFixture({ _id: 'b', amount: 0.2 })] };
    expect(checkoutAmount(group)).toBe(42.3);
  });
});

describe('the cart groups its lines by store', () => {
  it('keeps stores in the order of their first line and every line once', () => {
    const line = (id: string, seller: typeof green) => ({ product: { _id: id, seller }, quantity: 1 });
    const groups = groupByStore([line('p1', green), line('p2', dairy), line('p3', green)]);
    expect(groups.map((g) => [g.store.storeName, g.lines.map((l) => l.product._id)])).toEqual([
      ['Green Basket', ['p1', 'p3']],
      ['Anand Dairy', ['p2']],
    ]);
  });

  it('lists the stores of the loaded products once each, by name, for the store filter', () => {
    expect(storesOf([{ seller: green }, { seller: dairy }, { seller: green }])).toEqual([dairy, green]);
  });
});

describe('the operator’s store tabs', () => {
  const stores = [
    storeFixture({ id: 'old', status: 'pending', createdAt: '2026-11-01T00:00:00.000Z' }),
    storeFixture({ id: 'new', status: 'pending', createdAt: '2026-11-22T00:00:00.000Z' }),
    storeFixture({ id: 'live', status: 'approved' }),
    storeFixture({ id: 'own', status: 'approved', isOperator: true }),
  ];

  it('counts each status and shows the longest-waiting sign-up first', () => {
    expect(countByStatus(stores)).toEqual({ pending: 2, approved: 2, rejected: 0, suspended: 0 });
    expect(storesInTab(stores, 'pending').map((s) => s.id)).toEqual(['old', 'new']);
  });

  it('offers what fits where a store stands, and nothing for the operator’s own store', () => {
    const labels = (status: (typeof stores)[number]['status'], isOperator = false) => storeActions({ status, isOperator }).map((a) => a.label);
    expect(labels('pending')).toEqual(['Approve', 'Reject']);
    expect(labels('approved')).toEqual(['Suspend']);
    expect(labels('suspended')).toEqual(['Re-approve']);
    expect(labels('rejected')).toEqual(['Re-approve']);
    expect(labels('approved', true)).toEqual([]);
  });
});

describe('the totals period', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(lastSevenDays(new Date(2026, 10, 23, 15, 30))).toEqual({ from: '2026-11-17', to: '2026-11-23' });
  });

  it('asks for [start of the first day, start of the day after the last) and refuses a reversed or missing period', () => {
    expect(periodQuery('2026-11-17', '2026-11-23')).toEqual({
      ok: true,
      from: new Date(2026, 10, 17).toISOString(),
      to: new Date(2026, 10, 24).toISOString(),
    });
    expect(periodQuery('2026-11-24', '2026-11-23')).toEqual({ ok: false, message: 'The start date must be on or before the end date' });
    expect(periodQuery('', '2026-11-23').ok).toBe(false);
    expect(periodQuery('2026-02-30', '2026-03-01').ok).toBe(false);
  });
});

describe('the store’s banner', () => {
  it('says what each standing means, with the operator’s reason', () => {
    expect(storeStatusNotice({ status: 'pending', statusReason: null })?.detail).toBe('Products you add stay hidden until then.');
    expect(storeStatusNotice({ status: 'rejected', statusReason: 'No FSSAI licence' })?.detail).toContain('Reason: No FSSAI licence');
    expect(storeStatusNotice({ status: 'suspended', statusReason: null })?.detail).toContain('you can still service your orders');
    expect(storeStatusNotice({ status: 'approved', statusReason: null })).toBeNull();
  });
});

describe('store sign-up errors at their fields', () => {
  it('keeps a nested field’s message under its dotted path as well as its top-level field', () => {
    const result = safeParse(SellerRegisterBody, { storeName: 'S', name: 'N', email: 'a@b.co', phone: '9876543210', password: 'longenough', address: { firstName: 'A', zipcode: '12' } });
    if (result.success) throw new Error('expected the sign-up to be refused');
    const errors = fieldErrors(result.error);
    expect(errors['address.zipcode']).toBe('Enter a 6-digit PIN code');
    expect(errors.address).toEqual(expect.any(String));
  });

  it('reads the server’s 400 message and 409 reason as field errors; other failures stay toasts', () => {
    expect(fieldErrorsFromMessage('address.zipcode: Enter a 6-digit PIN code; Something general')).toEqual({
      'address.zipcode': 'Enter a 6-digit PIN code',
      address: 'Enter a 6-digit PIN code',
    });
    expect(registerErrorsOf(new ApiError('Email already registered', 409, 'email_taken'))).toEqual({ email: 'Email already registered' });
    expect(registerErrorsOf(new ApiError('A store with this name already exists', 409, 'store_name_taken'))).toEqual({
      storeName: 'A store with this name already exists',
    });
    expect(registerErrorsOf(new ApiError('Something went wrong', 500))).toEqual({});
    expect(registerErrorsOf(new Error('offline'))).toEqual({});
  });
});
