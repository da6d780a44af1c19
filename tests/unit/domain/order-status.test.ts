import { describe, expect, it } from 'vitest';
import { OrderStatus, canTransition, isFinal, sellerChoices } from '../../../core/domain/order-status';

const { Pending, OrderPlaced, OnTheWay, Delivered, Cancelled } = OrderStatus;

describe('order status machine', () => {
  it('moves forward along Pending → Order Placed → On The Way → Delivered', () => {
    expect(canTransition(Pending, OrderPlaced)).toBe(true);
    expect(canTransition(OrderPlaced, OnTheWay)).toBe(true);
    expect(canTransition(OnTheWay, Delivered)).toBe(true);
  });

  it('allows skipping ahead from Order Placed to Delivered, as the seller dropdown does', () => {
    expect(canTransition(OrderPlaced, Delivered)).toBe(true);
  });

  it('never moves backward', () => {
    expect(canTransition(OnTheWay, OrderPlaced)).toBe(false);
    expect(canTransition(Delivered, OnTheWay)).toBe(false);
    expect(canTransition(OrderPlaced, Pending)).toBe(false);
  });

  it('cancels only before dispatch', () => {
    expect(canTransition(Pending, Cancelled)).toBe(true);
    expect(canTransition(OrderPlaced, Cancelled)).toBe(true);
    expect(canTransition(OnTheWay, Cancelled)).toBe(false);
    expect(canTransition(Delivered, Cancelled)).toBe(false);
  });

  it('treats Delivered and Cancelled as final', () => {
    expect(isFinal(Delivered)).toBe(true);
    expect(isFinal(Cancelled)).toBe(true);
    expect(isFinal(OnTheWay)).toBe(false);
  });

  it('disables seller choices earlier than the current status', () => {
    expect(sellerChoices(OnTheWay)).toEqual([
      { status: OrderPlaced, enabled: false },
      { status: OnTheWay, enabled: true },
      { status: Delivered, enabled: true },
    ]);
  });

  it('leaves a Pending order to its payment: no seller choice is enabled until it is placed', () => {
    expect(sellerChoices(Pending).map((c) => c.enabled)).toEqual([false, false, false]);
    expect(sellerChoices(OrderPlaced).map((c) => c.enabled)).toEqual([true, true, true]);
  });
});
