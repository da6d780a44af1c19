import { BRAND_NAME, PAYMENT_FAILED_MESSAGE } from '../../../config/constants';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { loadScript } from '../../../lib/load-script';
import type { OnlineCheckout } from '../api/create-online-order';
import { GatewayResponse } from '@core/contracts/http/payments';
import { verifyPayment } from '../api/verify-payment';
import { useTestCheckout } from '../stores/test-checkout-store';
import { paymentFailedToastId } from './payment-toast-id';

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The parts of Razorpay Checkout's options we use (razorpay.com/docs/payments/payment-gateway/web-integration). */
type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  /** Seconds until Checkout closes by itself. */
  timeout: number;
  theme: { color: string };
  handler: (response: unknown) => void;
  modal: { ondismiss: () => void };
};

type RazorpayInstance = {
  open: () => void;
  on: (event: 'payment.failed', listener: (response: unknown) => void) => void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

export function paymentDismissed(): void {
  toast('Payment not completed. Your order is waiting for payment: use "Pay now" in My Orders before it expires.');
}

/** What the page does once a payment is handed to the server for verification: show its confirmation screen. */
export type PaymentSubmitted = (orderId: string) => void;

/**
 * Both gateways end here: the server verifies in the background and the order flips live (the confirmation screen
 * shows "Payment confirming…" until then).
 */
export async function paymentSucceeded(checkout: OnlineCheckout, response: GatewayResponse, submitted: PaymentSubmitted): Promise<void> {
  try {
    const reply = await verifyPayment({ ...response, orderId: checkout.dbOrderId });
    toast.success(reply.message ?? 'Payment received. Confirming your order…');
    submitted(checkout.dbOrderId);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}

/**
 * A failed try: Checkout hands over no signature, so there is nothing to verify; the gateway's webhook tells the server.
 * The order stays Pending, payable again from My Orders until it expires.
 */
export function paymentFailed(checkout: OnlineCheckout): void {
  toast.error(PAYMENT_FAILED_MESSAGE, { id: paymentFailedToastId(checkout.dbOrderId) });
}

async function openRazorpayCheckout(checkout: OnlineCheckout, submitted: PaymentSubmitted): Promise<void> {
  try {
    await loadScript(RAZORPAY_SCRIPT);
  } catch {
    toast.error('Could not open Razorpay Checkout. Check your connection and try again.');
    return;
  }
  const Razorpay = window.Razorpay;
  if (!Razorpay) {
    toast.error('Could not open Razorpay Checkout. Please try again.');
    return;
  }
  const razorpay = new Razorpay({
    key: checkout.key,
    amount: checkout.order.amount,
    currency: checkout.order.currency,
    name: BRAND_NAME,
    description: 'Grocery order',
    order_id: checkout.order.id,
    prefill: checkout.prefill,
    timeout: checkout.timeoutSeconds,
    theme: { color: '#4fbf8b' },
    handler: (response) => {
      const parsed = GatewayResponse.safeParse(response);
      if (parsed.success) void paymentSucceeded(checkout, parsed.data, submitted);
      else toast.error(PAYMENT_FAILED_MESSAGE, { id: paymentFailedToastId(checkout.dbOrderId) });
    },
    modal: { ondismiss: paymentDismissed },
  });
  // Razorpay lets the shopper retry inside its modal; the webhook tells the server about each failure.
  razorpay.on('payment.failed', () => toast.error(PAYMENT_FAILED_MESSAGE, { id: paymentFailedToastId(checkout.dbOrderId) }));
  razorpay.open();
}

/** Real keys → Razorpay Checkout; the simulated gateway → our own test checkout. The rest of the flow is the same. */
export function startOnlinePayment(checkout: OnlineCheckout, submitted: PaymentSubmitted): void {
  if (checkout.gateway === 'simulated') useTestCheckout.getState().testCheckoutOpened(checkout, submitted);
  else void openRazorpayCheckout(checkout, submitted);
}
