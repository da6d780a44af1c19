// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderActions } from '../../../client/src/features/orders/components/order-actions';
import { useMyOrders } from '../../../client/src/features/orders/stores/my-orders-store';
import { orderFixture } from './marketplace-fixtures';

const waiting = (id: string, checkoutId = 'CK7') =>
  orderFixture({ _id: id, checkoutId, status: 'Pending', paymentType: 'Online', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });

afterEach(() => {
  cleanup();
  useMyOrders.setState(useMyOrders.getInitialState(), true);
});

function askToCancel(order: ReturnType<typeof orderFixture>) {
  render(createElement(MemoryRouter, null, createElement(OrderActions, { order })));
  fireEvent.click(screen.getByTestId('order-cancel'));
}

describe('cancelling an order that waits for its online payment', () => {
  it('says the other stores’ orders waiting for the same payment are cancelled with it', () => {
    const green = waiting('o1');
    useMyOrders.getState().orderReceived(green);
    useMyOrders.getState().orderReceived(waiting('o2'));
    useMyOrders.getState().orderReceived(waiting('o3', 'CK8'));
    askToCancel(green);
    expect(screen.getByTestId('order-cancel-together').textContent).toMatch(/paid together with another store’s order of\s+checkout CK7: cancelling it cancels that one too/);
  });

  it('says nothing more for an order paid on its own', () => {
    const alone = waiting('o4', 'CK9');
    useMyOrders.getState().orderReceived(alone);
    askToCancel(alone);
    expect(screen.queryByTestId('order-cancel-together')).toBeNull();
  });
});
