import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PlaceOrderBody } from '@core/contracts/http/orders';
import { toast } from '../../../components/ui/toast/toast-store';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { uuid } from '../../../lib/uuid';
import { createOnlineOrder } from '../api/create-online-order';
import { placeCodOrder } from '../api/place-cod-order';
import { useOnlinePayment } from './use-online-payment';

export type PaymentMethod = 'COD' | 'Online';

/** The server met this key before, on a checkout with other lines, address or method: that one was placed. */
const KEY_REUSED = 'An earlier try of this checkout already placed an order. Check My Orders before placing it again.';

/** Every try went unanswered: the order may or may not have been placed, and the shopper must not guess. */
const UNCONFIRMED = 'We could not reach FreshCart to confirm your order. Check your connection, then My Orders: if it is not there, place it again.';

/**
 * A try that got no answer (the network dropped, the phone changed towers) is sent again with the same key after
 * these waits: the server places a key's checkout at most once, so a retry either places it or returns the one
 * already placed, and the shopper is not left to decide whether to tap again.
 */
const RETRY_AFTER_MS = [1_000, 3_000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The API's own 503 that settles the checkout: the payment gateway could not start a payment, so the checkout was
 * cancelled and nothing is owed. The shopper reads why (and that Cash on Delivery works); a retry with the same key
 * would only be told the same.
 */
const GATEWAY_DID_NOT_START = 'payment_gateway_unavailable';

/**
 * No answer from the API itself: the network (0), or the proxy in front of it saying the API process was unreachable
 * or went away mid-request (502, 503, 504). The checkout may have been placed; only a retry with its key can tell.
 */
const unanswered = (error: unknown): boolean =>
  error instanceof ApiError && [0, 502, 503, 504].includes(error.status) && error.code !== GATEWAY_DID_NOT_START;

/** `send`, tried again with the same key after each wait while no answer comes back. */
async function untilAnswered<T>(send: () => Promise<T>, waits: readonly number[]): Promise<T> {
  for (const ms of waits) {
    try {
      return await send();
    } catch (error) {
      if (!unanswered(error)) throw error;
      await wait(ms);
    }
  }
  return send();
}

/**
 * Checkout content → the key of its unanswered try, for the page's lifetime: the shopper told to check My Orders
 * leaves the cart, and coming back to place the same checkout must find its key again.
 */
const keysOfUnanswered = new Map<string, string>();

/** What a checkout sends, lines in a fixed order (as the server compares them): same checkout, same text. */
function contentOf(body: PlaceOrderBody, method: PaymentMethod): string {
  const items = [...body.items].sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0));
  return JSON.stringify({ items, address: body.address, method });
}

/**
 * Places a cash-on-delivery order or starts an online payment. The Idempotency-Key belongs to what is sent: a retry
 * of the same lines, address and method after a lost reply reuses its key (so it cannot create a second order), and
 * anything else gets a new one, since the server refuses a key it saw with a different body. A key is dropped once
 * an answer for it came back. A lost reply is retried by itself a few times before the shopper is asked to check.
 */
export function usePlaceOrder(onPlaced: (ordered: PlaceOrderBody['items']) => void, retryAfterMs: readonly number[] = RETRY_AFTER_MS) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const navigate = useNavigate();
  const payOnline = useOnlinePayment();

  async function placeOrder(body: PlaceOrderBody, method: PaymentMethod): Promise<void> {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const content = contentOf(body, method);
    const key = keysOfUnanswered.get(content) ?? uuid();
    keysOfUnanswered.set(content, key);
    try {
      if (method === 'COD') {
        const reply = await untilAnswered(() => placeCodOrder(body, key), retryAfterMs);
        keysOfUnanswered.delete(content);
        toast.success(reply.message ?? 'Order placed');
        // The confirmation first (every store's order of the checkout: ids, items, amount, payment), then My Orders.
        navigate('/order-placed', { state: { order: reply.order, orders: reply.orders } });
        onPlaced(body.items);
      } else {
        const checkout = await untilAnswered(() => createOnlineOrder(body, key), retryAfterMs);
        keysOfUnanswered.delete(content);
        // The cart stays until the payment places the order for good (the server then drops the bought lines and the
        // live update drops them here): a shopper who walks away from Checkout finds their items again.
        navigate('/my-orders');
        payOnline(checkout);
      }
    } catch (error) {
      const unconfirmed = unanswered(error);
      if (!unconfirmed) keysOfUnanswered.delete(content);
      toast.error(unconfirmed ? UNCONFIRMED : error instanceof ApiError && error.code === 'idempotency_key_reused' ? KEY_REUSED : errorMessage(error));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { busy, placeOrder };
}
