import { useEffect, useState } from 'react';
import type { OrderDto } from '@core/contracts/http/order-replies';
import { OrderStatus } from '@core/domain/order-status';
import { payDeadlineMs } from '@core/domain/payment-window';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { orderStatusOf } from '../../../lib/order-status';
import { cancelOrder } from '../api/cancel-order';
import { payAgain } from '../api/pay-again';
import { useOnlinePayment } from '../hooks/use-online-payment';
import { useMyOrders } from '../stores/my-orders-store';
import { refundText } from '../lib/refund-text';
import { statusToastId } from '../lib/status-notice';

/** Seconds until `iso`, ticking every second while the card is on screen. */
function useSecondsLeft(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.floor((Date.parse(iso) - now) / 1000)) : null;
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * What a shopper can still do with an order: pay a Pending online order before it expires (the countdown), cancel it
 * while it is Pending or Order Placed, and follow the refund of a cancelled paid order. All of it follows the order
 * live: the card re-renders from the store the socket updates.
 */
export function OrderActions({ order }: { order: OrderDto }) {
  const status = orderStatusOf(order);
  const orderReceived = useMyOrders((s) => s.orderReceived);
  const payOnline = useOnlinePayment();
  // A store cancelled its own unpaid order of this checkout: the one payment would charge for that order too, so the
  // server refuses it (README, one checkout, one order per store). Cancelling and ordering the rest again is what is left.
  const partCancelled = useMyOrders((s) =>
    s.orders.some((o) => o.checkoutId === order.checkoutId && o._id !== order._id && orderStatusOf(o) === OrderStatus.Cancelled),
  );
  const waitsForPayment = status === OrderStatus.Pending && !partCancelled;
  // The countdown runs to the last moment the server still opens Checkout, a few minutes before the order expires.
  const payBy = waitsForPayment && order.expiresAt ? new Date(payDeadlineMs(Date.parse(order.expiresAt))).toISOString() : null;
  const secondsLeft = useSecondsLeft(payBy);
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');

  const payable = waitsForPayment && order.paymentType === 'Online' && !order.isPaid && (secondsLeft ?? 1) > 0;
  const cancellableStatus = status === OrderStatus.Pending || status === OrderStatus.OrderPlaced;
  // A cash order the store marked paid is not cancelled by either side (README, cash on delivery): the store hands the
  // cash back and marks it unpaid first, so only the store can undo it.
  const cashCollected = order.paymentType === 'COD' && order.isPaid;
  const cancellable = cancellableStatus && !cashCollected;
  // The other stores' orders waiting for the same online payment: cancelling this one cancels them too (the server's
  // rule: one payment covers the whole checkout).
  const waitingTogether = useMyOrders((s) =>
    status === OrderStatus.Pending && !order.isPaid
      ? s.orders.filter((o) => o.checkoutId === order.checkoutId && o._id !== order._id && orderStatusOf(o) === OrderStatus.Pending && !o.isPaid).length
      : 0,
  );

  async function pay() {
    setBusy('pay');
    try {
      payOnline(await payAgain(order._id));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy('cancel');
    try {
      const reply = await cancelOrder(order._id, reason.trim() || undefined);
      orderReceived(reply.order);
      setConfirming(false);
      // The live update of this cancellation may come before this reply and announce it (status-notice.ts): taking
      // the announcement's id replaces it, so the shopper reads of their own cancellation once.
      toast.success(reply.message, { id: statusToastId(order._id) });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="order-actions">
      {order.refund ? (
        <p className={`order-actions__refund order-actions__refund--${order.refund.status}`} data-testid="order-refund" data-refund-status={order.refund.status}>
          {refundText(order.refund)}
        </p>
      ) : null}
      {status === OrderStatus.Pending && partCancelled ? (
        <p className="order-actions__expiry" data-testid="order-part-cancelled">
          A store cancelled its part of this checkout, so it cannot be paid as it was placed. Cancel this order and order the rest again: your cart
          still has the items.
        </p>
      ) : null}
      {waitsForPayment && secondsLeft !== null ? (
        <p className="order-actions__expiry" data-testid="order-expiry" role="timer" aria-live="off">
          {secondsLeft > 0 ? `Pay within ${mmss(secondsLeft)} or the order is cancelled` : 'Time to pay is over; the order will be cancelled shortly'}
        </p>
      ) : null}
      <div className="order-actions__buttons">
        {payable ? (
          <button type="button" className="btn" disabled={busy !== null} onClick={() => void pay()} data-testid="order-pay-now">
            {busy === 'pay' ? 'Processing...' : 'Pay now'}
          </button>
        ) : null}
        {cancellable && !confirming ? (
          <button type="button" className="btn btn--outline" disabled={busy !== null} onClick={() => setConfirming(true)} data-testid="order-cancel">
            Cancel order
          </button>
        ) : null}
      </div>
      {cancellableStatus && cashCollected ? (
        <p className="order-actions__note" data-testid="order-cancel-blocked">
          Cash collected: contact the store to cancel
        </p>
      ) : null}
      {cancellable && confirming ? (
        <form
          className="order-actions__confirm"
          onSubmit={(e) => {
            e.preventDefault();
            void cancel();
          }}
        >
          {waitingTogether > 0 ? (
            <p className="order-actions__note" data-testid="order-cancel-together">
              This order is paid together with {waitingTogether === 1 ? 'another store’s order' : `${waitingTogether} other stores’ orders`} of
              checkout {order.checkoutId}: cancelling it cancels {waitingTogether === 1 ? 'that one' : 'them'} too. Your cart still has their items.
            </p>
          ) : null}
          <label>
            Why are you cancelling? (optional)
            <input className="input" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} data-testid="order-cancel-reason" />
          </label>
          <div className="order-actions__buttons">
            <button type="submit" className="btn" disabled={busy !== null} data-testid="order-cancel-confirm">
              {busy === 'cancel' ? 'Processing...' : 'Confirm cancellation'}
            </button>
            <button type="button" className="link-button" disabled={busy !== null} onClick={() => setConfirming(false)}>
              Keep the order
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
