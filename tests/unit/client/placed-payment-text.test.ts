import { describe, expect, it } from 'vitest';
import { placedPaymentText } from '../../../client/src/features/orders/lib/placed-payment-text';
import { orderFixture } from './marketplace-fixtures';

const online = { paymentType: 'Online' as const };
const green = { id: 's1', storeName: 'Green Basket' };
const dairy = { id: 's2', storeName: 'Daily Dairy' };

describe('the confirmation page’s payment line', () => {
  it('says cash on delivery for a COD checkout, of one store or several', () => {
    expect(placedPaymentText([orderFixture({ _id: 'o1' })])).toBe('Cash on delivery: pay when it arrives.');
    expect(placedPaymentText([orderFixture({ _id: 'o1' }), orderFixture({ _id: 'o2', seller: dairy })])).toBe('Cash on delivery: pay each store’s order when it arrives.');
  });

  it('confirms while an order waits for the payment, and says Paid once every order is placed', () => {
    const waiting = orderFixture({ _id: 'o1', ...online, status: 'Pending' });
    expect(placedPaymentText([waiting])).toBe('Payment confirming…');
    expect(placedPaymentText([orderFixture({ _id: 'o1', ...online, isPaid: true })])).toBe('Paid');
  });

  it('says the payment did not complete when the orders were cancelled with no money taken', () => {
    expect(placedPaymentText([orderFixture({ _id: 'o1', ...online, status: 'Cancelled' })])).toBe('Payment not completed: the order was cancelled.');
  });

  it('tells a shopper who paid for an order cancelled meanwhile that the money is coming back, instead of "not completed"', () => {
    const refunded = orderFixture({ _id: 'o1', ...online, status: 'Cancelled', refund: { status: 'pending', amount: 62 } });
    expect(placedPaymentText([refunded])).toBe('Paid, but the order was cancelled. Refund of ₹62 on its way.');
  });

  it('settles a checkout paid for one store and refunded for another, instead of confirming for good', () => {
    const placed = orderFixture({ _id: 'o1', ...online, seller: green, isPaid: true });
    const refunded = orderFixture({ _id: 'o2', ...online, seller: dairy, status: 'Cancelled', refund: { status: 'processed', amount: 30 } });
    expect(placedPaymentText([placed, refunded])).toBe('Paid. Daily Dairy’s order was cancelled. Refunded ₹30.');
  });
});
