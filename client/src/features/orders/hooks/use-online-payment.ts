import { useNavigate } from 'react-router-dom';
import type { OnlineCheckout } from '../api/create-online-order';
import { startOnlinePayment } from '../lib/payment-flow';

/**
 * Opens the gateway's checkout for an order; once the payment is submitted the shopper sees the order's confirmation
 * screen (as after a cash-on-delivery order), which follows it from "Payment confirming…" to "Paid".
 */
export function useOnlinePayment(): (checkout: OnlineCheckout) => void {
  const navigate = useNavigate();
  // One payment pays every store's order of the checkout: the screen then confirms them all.
  return (checkout) =>
    startOnlinePayment(checkout, (orderId) =>
      navigate('/order-placed', { state: checkout.orderIds.length > 1 ? { orderIds: checkout.orderIds } : { orderId } }),
    );
}
