// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/order-replies';
import { OrderCard } from '../../../client/src/features/orders/components/order-card';
import { orderFixture } from './marketplace-fixtures';

afterEach(cleanup);

/** The order card's paid badge: its text and whether it warns. */
function paidBadge(order: Partial<OrderDto>) {
  render(createElement(MemoryRouter, null, createElement(OrderCard, { order: orderFixture({ _id: 'o1', ...order }) })));
  const badge = screen.getByTestId('order-paid');
  return { text: badge.textContent, warns: badge.classList.contains('pill--unpaid') };
}

describe('the paid badge on My Orders', () => {
  it('says a cash order is paid on delivery, without the warning colour, up to and after delivery', () => {
    expect(paidBadge({ paymentType: 'COD', isPaid: false, status: 'Order Placed' })).toEqual({ text: 'Pay on delivery', warns: false });
    cleanup();
    expect(paidBadge({ paymentType: 'COD', isPaid: false, status: 'Delivered' })).toEqual({ text: 'Pay on delivery', warns: false });
  });

  it('says nothing is owed for a cancelled order that was never paid, cash or online', () => {
    expect(paidBadge({ paymentType: 'COD', isPaid: false, status: 'Cancelled' })).toEqual({ text: 'Nothing to pay', warns: false });
    cleanup();
    expect(paidBadge({ paymentType: 'Online', isPaid: false, status: 'Cancelled' })).toEqual({ text: 'Nothing to pay', warns: false });
  });

  it('says Paid once the seller marks a cash order paid', () => {
    expect(paidBadge({ paymentType: 'COD', isPaid: true, status: 'Delivered' })).toEqual({ text: 'Paid', warns: false });
  });

  it('warns "Not paid" for an online order whose payment has not come through, and says Paid once it has', () => {
    expect(paidBadge({ paymentType: 'Online', isPaid: false, status: 'Pending' })).toEqual({ text: 'Not paid', warns: true });
    cleanup();
    expect(paidBadge({ paymentType: 'Online', isPaid: true, status: 'Order Placed' })).toEqual({ text: 'Paid', warns: false });
  });
});
