// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { usePlaceOrder } from '../../../client/src/features/orders/hooks/use-place-order';
import { orderFixture } from './marketplace-fixtures';

const ADDRESS = '0b6f3a52-8d0e-4a57-9c1e-2f4b6d8a0c11';
const OTHER_ADDRESS = '5d2e8f14-3b6a-4c9d-8e7f-1a2b3c4d5e6f';
const cart = [
  { product: 'p1', quantity: 1 },
  { product: 'p2', quantity: 2 },
];

/** The browser's fetch: each call gets `answer()`; records each call's address and Idempotency-Key. */
function serverAnswers(answer: () => Promise<Response>) {
  const calls: { url: string; key: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key'] ?? '' });
    return answer();
  });
  return calls;
}

const lostReply = () => Promise.reject(new TypeError('Failed to fetch'));

/** The hook, retrying a lost reply after the given waits (none: each press is one try). */
function renderPlaceOrder(retryAfterMs: number[] = [], onPlaced = () => {}) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(MemoryRouter, null, children);
  return renderHook(() => usePlaceOrder(onPlaced, retryAfterMs), { wrapper }).result;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('the checkout’s Idempotency-Key', () => {
  it('is kept for a retry of the same checkout after a lost reply, and new once the cart, address or method changed', async () => {
    const calls = serverAnswers(lostReply);
    const result = renderPlaceOrder();
    const press = (items: typeof cart, address: string, method: 'COD' | 'Online') => act(() => result.current.placeOrder({ items, address }, method));

    await press(cart, ADDRESS, 'COD');
    await press([...cart].reverse(), ADDRESS, 'COD');
    await press([{ product: 'p1', quantity: 1 }], ADDRESS, 'COD');
    await press(cart, OTHER_ADDRESS, 'COD');
    await press(cart, ADDRESS, 'Online');
    // Back to the first checkout: its try may have been placed, so its key comes back.
    await press(cart, ADDRESS, 'COD');

    const [first, retry, fewerItems, otherAddress, online, again] = calls.map((c) => c.key);
    expect(retry).toBe(first);
    expect(new Set([first, fewerItems, otherAddress, online]).size).toBe(4);
    expect(again).toBe(first);
    expect(calls.map((c) => c.url)).toEqual(['/api/order/cod', '/api/order/cod', '/api/order/cod', '/api/order/cod', '/api/order/razorpay/create', '/api/order/cod']);
  });

  it('answered “already used for a different order” says to check My Orders and takes a new key next time', async () => {
    const refused = { success: false, code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different order; use a new key for a new order' };
    const calls = serverAnswers(async () => new Response(JSON.stringify(refused), { status: 422, headers: { 'content-type': 'application/json' } }));
    const result = renderPlaceOrder();

    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'COD'));
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'An earlier try of this checkout already placed an order. Check My Orders before placing it again.',
    ]);
    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'COD'));
    expect(calls[1]?.key).not.toBe(calls[0]?.key);
    expect(result.current.busy).toBe(false);
  });

  it('is sent again by itself after a lost reply, and the retry’s answer places the order once', async () => {
    const placed = { success: true, message: 'Order Placed Successfully', checkoutId: 'CK1', order: orderFixture({ _id: 'o1' }), orders: [orderFixture({ _id: 'o1' })] };
    let tries = 0;
    const calls = serverAnswers(async () => {
      tries += 1;
      if (tries < 3) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(placed), { status: 201, headers: { 'content-type': 'application/json' } });
    });
    const onPlaced = vi.fn();
    const result = renderPlaceOrder([1, 1], onPlaced);

    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'COD'));
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Order Placed Successfully']);
  });

  it('says the order is unconfirmed when every try went unanswered, and keeps the key for the next press', async () => {
    const calls = serverAnswers(lostReply);
    const result = renderPlaceOrder([1, 1]);

    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'COD'));
    expect(calls).toHaveLength(3);
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'We could not reach FreshCart to confirm your order. Check your connection, then My Orders: if it is not there, place it again.',
    ]);
    expect(result.current.busy).toBe(false);
    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'COD'));
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });

  it('does not retry an answer, even a refusal', async () => {
    const refused = { success: false, code: 'out_of_stock', message: 'Only 1 left of Apples' };
    const calls = serverAnswers(async () => new Response(JSON.stringify(refused), { status: 409, headers: { 'content-type': 'application/json' } }));
    const result = renderPlaceOrder([1, 1]);
    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'COD'));
    expect(calls).toHaveLength(1);
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Only 1 left of Apples']);
  });

  it('takes the API’s own “payment gateway unavailable” (503) as an answer: shown once, and a new key next time', async () => {
    const refused = {
      success: false,
      code: 'payment_gateway_unavailable',
      message: 'Online payment is not available right now, so your order was not placed. Please try again in a moment or choose Cash on Delivery.',
    };
    const calls = serverAnswers(async () => new Response(JSON.stringify(refused), { status: 503, headers: { 'content-type': 'application/json' } }));
    const result = renderPlaceOrder([1, 1]);
    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'Online'));
    expect(calls).toHaveLength(1);
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([refused.message]);
    await act(() => result.current.placeOrder({ items: cart, address: ADDRESS }, 'Online'));
    expect(new Set(calls.map((c) => c.key)).size).toBe(2);
  });

  it('treats a proxy’s 502/503/504 as no answer: retried with the same key, and the key outlives the checkout page', async () => {
    const gatewayTimeout = () => Promise.resolve(new Response('<html>504 Gateway Time-out</html>', { status: 504, headers: { 'content-type': 'text/html' } }));
    const calls = serverAnswers(gatewayTimeout);
    const items = [{ product: 'p9', quantity: 3 }];
    const first = renderPlaceOrder([1]);
    await act(() => first.current.placeOrder({ items, address: ADDRESS }, 'COD'));
    expect(calls).toHaveLength(2);
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'We could not reach FreshCart to confirm your order. Check your connection, then My Orders: if it is not there, place it again.',
    ]);

    // The shopper went to My Orders and came back: a new checkout panel, the same checkout, the same key.
    const again = renderPlaceOrder([]);
    await act(() => again.current.placeOrder({ items, address: ADDRESS }, 'COD'));
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });
});
