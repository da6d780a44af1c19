// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/contracts/http/order-replies';
import { StatusTimeline } from '../../../client/src/features/orders/components/status-timeline';
import { orderFixture } from './marketplace-fixtures';

afterEach(cleanup);

/** Each step the timeline shows: its label and the time it is dated with. */
function steps(order: OrderDto) {
  render(createElement(StatusTimeline, { order }));
  return [...screen.getByTestId('order-timeline').querySelectorAll('li')].map((li) => ({
    status: li.querySelector('.timeline__label')!.textContent,
    at: li.querySelector('time')?.getAttribute('dateTime') ?? null,
  }));
}

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the status timeline', () => {
  it('dates each step by its last move there: an order expired, restored by a late payment, then cancelled', () => {
    const order = orderFixture({
      _id: 'o1',
      paymentType: 'Online',
      isPaid: true,
      status: 'Cancelled',
      history: [
        { from: null, to: 'Pending', isPaid: false, actor: 'user', note: null, at: at(0) },
        { from: 'Pending', to: 'Cancelled', isPaid: false, actor: 'system', note: 'Payment time expired', at: at(15) },
        { from: 'Cancelled', to: 'Order Placed', isPaid: true, actor: 'system', note: null, at: at(20) },
        { from: 'Order Placed', to: 'Cancelled', isPaid: true, actor: 'user', note: null, at: at(30) },
      ],
    });
    expect(steps(order)).toEqual([
      { status: 'Pending', at: at(0) },
      { status: 'Order Placed', at: at(20) },
      { status: 'Cancelled', at: at(30) },
    ]);
  });

  it('keeps a step’s time when a later row only marks the order paid', () => {
    const order = orderFixture({
      _id: 'o2',
      status: 'Delivered',
      isPaid: true,
      history: [
        { from: null, to: 'Order Placed', isPaid: false, actor: 'user', note: null, at: at(0) },
        { from: 'Order Placed', to: 'On The Way', isPaid: false, actor: 'seller', note: null, at: at(5) },
        { from: 'On The Way', to: 'Delivered', isPaid: false, actor: 'seller', note: null, at: at(20) },
        { from: 'Delivered', to: 'Delivered', isPaid: true, actor: 'seller', note: null, at: at(25) },
      ],
    });
    expect(steps(order).at(-1)).toEqual({ status: 'Delivered', at: at(20) });
  });
});
