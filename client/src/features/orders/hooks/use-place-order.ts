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

/**
 * Places a cash-on-delivery order or starts an online payment. One Idempotency-Key per checkout attempt: it is kept
 * when the server was never reached (so a retry cannot create a second order) and renewed once an answer came back.
 */
export function usePlaceOrder(onPlaced: () => void) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const attemptKey = useRef<string | null>(null);
  const navigate = useNavigate();
  const payOnline = useOnlinePayment();

  async function placeOrder(body: PlaceOrderBody, method: PaymentMethod): Promise<void> {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    attemptKey.current ??= uuid();
    try {
      if (method === 'COD') {
        const reply = await placeCodOrder(body, attemptKey.current);
        attemptKey.current = null;
        toast.success(reply.message ?? 'Order placed');
        // The confirmation first (every store's order of the checkout: ids, items, amount, payment), then My Orders.
        navigate('/order-placed', { state: { order: reply.order, orders: reply.orders } });
        onPlaced();
      } else {
        const checkout = await createOnlineOrder(body, attemptKey.current);
        attemptKey.current = null;
        // The cart stays until the payment places the order for good (the server then drops the bought lines and the
        // live update drops them here): a shopper who walks away from Checkout finds their items again.
        navigate('/my-orders');
        payOnline(checkout);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) attemptKey.current = null;
      toast.error(errorMessage(error));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { busy, placeOrder };
}
