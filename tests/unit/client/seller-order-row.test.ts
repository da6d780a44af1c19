// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/order-replies';
import { SellerOrderRow } from '../../../client/src/features/seller/components/seller-order-row';
import { orderFixture } from './marketplace-fixtures';

afterEach(cleanup);

const row = (order: OrderDto) => render(createElement('ul', null, createElement(SellerOrderRow, { order, isNew: false })));
const statusOptions = () =>
  (screen.getByTestId('seller-order-status-select') as HTMLSelectElement).querySelectorAll('option');
const enabledChoices = () => [...statusOptions()].filter((o) => !o.disabled).map((o) => o.value);
const paidSwitch = () => screen.getByTestId('seller-order-paid') as HTMLInputElement;

describe('a seller board row offers only what the store may do', () => {
  it('a Pending online order waits for its payment: no status to choose and no paid switch, but it can be cancelled', () => {
    row(orderFixture({ _id: 'p', status: 'Pending', paymentType: 'Online', history: [{ from: null, to: 'Pending', isPaid: null, actor: 'user', note: null, at: '2026-11-23T10:00:00.000Z' }] }));
    expect(enabledChoices()).toEqual([]);
    expect((screen.getByTestId('seller-order-status-select') as HTMLSelectElement).disabled).toBe(true);
    expect(paidSwitch().disabled).toBe(true);
    expect(screen.getByTestId('seller-order-cancel')).toBeTruthy();
  });

  it('a paid online order cannot be marked unpaid, and still moves along', () => {
    row(orderFixture({ _id: 'o', paymentType: 'Online', isPaid: true }));
    expect(paidSwitch().disabled).toBe(true);
    expect(enabledChoices()).toEqual(['Order Placed', 'On The Way', 'Delivered']);
  });

  it('a cancelled order keeps its paid state', () => {
    row(orderFixture({ _id: 'c', status: 'Cancelled' }));
    expect(paidSwitch().disabled).toBe(true);
  });

  it('cash on delivery is recorded with the switch, either way', () => {
    row(orderFixture({ _id: 'cod', status: 'On The Way', isPaid: true }));
    expect(paidSwitch().disabled).toBe(false);
  });

  it('a cash order marked paid is not offered for cancelling until it is marked unpaid, and says so', () => {
    row(orderFixture({ _id: 'cash', isPaid: true }));
    expect(screen.queryByTestId('seller-order-cancel')).toBeNull();
    expect(screen.getByText('Mark unpaid to cancel')).toBeTruthy();
    cleanup();
    row(orderFixture({ _id: 'cash' }));
    expect(screen.getByTestId('seller-order-cancel')).toBeTruthy();
    expect(screen.queryByText('Mark unpaid to cancel')).toBeNull();
  });
});
