// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/order-replies';
import { OrderActions } from '../../../client/src/features/orders/components/order-actions';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { orderFixture } from './marketplace-fixtures';

afterEach(() => {
  cleanup();
  useMyOrders.setState(useMyOrders.getInitialState(), true);
});

function showActions(order: OrderDto) {
  render(createElement(MemoryRouter, null, createElement(OrderActions, { order })));
}

describe('cancelling a cash order', () => {
  it('is not offered once the store marked the cash collected, and says who can cancel it', () => {
    showActions(orderFixture({ _id: 'o1', paymentType: 'COD', isPaid: true, status: 'Order Placed' }));
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    expect(screen.getByTestId('order-cancel-blocked').textContent).toBe('Cash collected: contact the store to cancel');
  });

  it('is offered while the cash is still to be paid', () => {
    showActions(orderFixture({ _id: 'o2', paymentType: 'COD', isPaid: false, status: 'Order Placed' }));
    expect(screen.getByTestId('order-cancel')).toBeTruthy();
    expect(screen.queryByTestId('order-cancel-blocked')).toBeNull();
  });
});

describe('paying an order whose checkout a store cancelled part of', () => {
  const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
  const waiting = (id: string) => orderFixture({ _id: id, checkoutId: 'CK7', status: 'Pending', paymentType: 'Online', expiresAt: inTenMinutes() });

  it('offers no payment and no countdown, says what to do, and keeps Cancel', () => {
    const green = waiting('o1');
    useMyOrders.getState().orderReceived(green);
    useMyOrders.getState().orderReceived({ ...waiting('o2'), status: 'Cancelled' });
    showActions(green);
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
    expect(screen.queryByTestId('order-expiry')).toBeNull();
    expect(screen.getByTestId('order-part-cancelled').textContent).toMatch(/Cancel this order and order the rest again: your cart\s+still has the items/);
    expect(screen.getByTestId('order-cancel')).toBeTruthy();
  });

  it('offers the payment while every order of the checkout still waits for it', () => {
    const green = waiting('o3');
    useMyOrders.getState().orderReceived(green);
    useMyOrders.getState().orderReceived(waiting('o4'));
    showActions(green);
    expect(screen.getByTestId('order-pay-now')).toBeTruthy();
    expect(screen.getByTestId('order-expiry')).toBeTruthy();
    expect(screen.queryByTestId('order-part-cancelled')).toBeNull();
  });
});

describe('the time to pay an online order', () => {
  const NOW = Date.parse('2026-11-23T10:00:00.000Z');
  const expiringIn = (id: string, seconds: number) =>
    orderFixture({ _id: id, checkoutId: `CK-${id}`, status: 'Pending', paymentType: 'Online', expiresAt: new Date(NOW + seconds * 1000).toISOString() });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down to the last moment Checkout can still open, three minutes before the order expires', () => {
    showActions(expiringIn('o1', 10 * 60));
    expect(screen.getByTestId('order-expiry').textContent).toBe('Pay within 7:00 or the order is cancelled');
    expect(screen.getByTestId('order-pay-now')).toBeTruthy();
  });

  it('offers no payment in the last three minutes and says the time to pay is over', () => {
    showActions(expiringIn('o2', 150));
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
    expect(screen.getByTestId('order-expiry').textContent).toBe('Time to pay is over; the order will be cancelled shortly');
    expect(screen.getByTestId('order-cancel')).toBeTruthy();
  });
});
