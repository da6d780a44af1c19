import { useState } from 'react';
import type { OrderDto } from '@core/contracts/http/order-replies';
import { DEFAULT_ETA_MINUTES, ETA_RANGE_MESSAGE, etaMinutesFrom } from '@core/domain/delivery-promise';
import { formatRupees } from '@core/domain/money';
import { OrderStatus, sellerChoices } from '@core/domain/order-status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { toast } from '../../../components/ui/toast/toast-store';
import { useAction } from '../../../hooks/use-action';
import { formatClockTime, formatDateTime } from '../../../lib/format';
import { orderStatusOf } from '../../../lib/order-status';
import { updateOrder } from '../api/seller-orders';
import { useSellerOrders } from '../stores/seller-orders-store';
import { EtaField } from './eta-field';
import './seller.css';

/** One order on the board; `late` marks an order still on its way past the time promised to the shopper. */
export function SellerOrderRow({ order, isNew, late = false }: { order: OrderDto; isNew: boolean; late?: boolean }) {
  const orderUpdated = useSellerOrders((s) => s.orderUpdated);
  const orderSeen = useSellerOrders((s) => s.orderSeen);
  const { busy, run } = useAction();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [eta, setEta] = useState(String(DEFAULT_ETA_MINUTES));
  /** Set once On The Way was chosen with an ETA the store cannot promise: the message stays until the ETA is fixed. */
  const [etaRefused, setEtaRefused] = useState(false);
  const status = orderStatusOf(order);
  const choices = sellerChoices(status);
  const inSequence = choices.some((c) => c.status === status);

  async function change(patch: { status?: OrderStatus; isPaid?: boolean; reason?: string; etaMinutes?: number }) {
    orderSeen(order._id);
    // Only real failures are toasted; with real status codes a refused change (409) is one of them.
    await run(true, async () => {
      const reply = await updateOrder(order._id, patch);
      orderUpdated(reply.order);
      setCancelling(false);
      toast.success('Order status updated');
    });
  }

  const { address } = order;
  // Collected cash is handed back and marked unpaid before the order can be cancelled: the server refuses otherwise
  // (README, cash on delivery).
  const cashCollected = order.paymentType === 'COD' && order.isPaid;
  const cancellableStatus = status === OrderStatus.Pending || status === OrderStatus.OrderPlaced;
  const cancellable = cancellableStatus && !cashCollected;
  // Cash collected is the store's to record; an online order's paid state is the payment flow's, and a cancelled
  // order's stays as it ended: the server refuses those, so the switch does not offer them.
  const paidSettled = order.paymentType === 'Online' || status === OrderStatus.Cancelled;
  const selectId = `status-${order._id}`;
  const canGoOnTheWay = choices.some((c) => c.status === OrderStatus.OnTheWay && c.enabled && c.status !== status);
  // Checked here so a typo (0, 2.5, an empty box) is never sent, nor quietly replaced: the seller is told and fixes it.
  const etaMinutes = etaMinutesFrom(eta);
  const etaError = etaMinutes === null ? ETA_RANGE_MESSAGE : undefined;

  function chooseStatus(next: OrderStatus): void {
    if (next !== OrderStatus.OnTheWay) {
      void change({ status: next });
      return;
    }
    if (etaMinutes === null) {
      setEtaRefused(true);
      document.getElementById(`eta-${order._id}`)?.focus();
      return;
    }
    void change({ status: next, etaMinutes });
  }

  return (
    <li
      className={`seller-order ${isNew ? 'seller-order--new' : ''} ${late ? 'seller-order--late' : ''}`}
      data-testid="seller-order-row"
      data-order-id={order._id}
      data-order-code={order.orderId}
      data-status={status}
      data-new={isNew ? 'true' : undefined}
      data-late={late ? 'true' : undefined}
      onFocusCapture={() => orderSeen(order._id)}
      onClick={() => orderSeen(order._id)}
    >
      <div className="seller-order__items">
        <p className="seller-order__id">
          {isNew ? <span className="seller-order__new">New</span> : null}
          <span className="muted">Order</span> {order.orderId}
        </p>
        <ul aria-label="Items">
          {order.items.map((item) => (
            <li key={item.product._id}>
              {item.product.name} <span className="muted">× {item.quantity}</span>
            </li>
          ))}
        </ul>
        <p className="muted seller-order__date">{formatDateTime(order.createdAt)}</p>
        <p className="muted seller-order__checkout" data-testid="seller-order-checkout">
          Checkout {order.checkoutId}
        </p>
      </div>
      <div className="seller-order__address">
        <p className="seller-order__name">
          {address.firstName} {address.lastName}
        </p>
        <p className="muted">
          {address.street}, {address.city}, {address.state} {address.zipcode}, {address.country}
        </p>
        <p className="muted">{address.phone}</p>
      </div>
      <div className="seller-order__money">
        <p className="seller-order__amount">{formatRupees(order.amount)}</p>
        <p className="muted">Method: {order.paymentType}</p>
        <label className="switch switch--labelled">
          <input
            type="checkbox"
            role="switch"
            checked={order.isPaid}
            disabled={busy || paidSettled}
            onChange={() => void change({ isPaid: !order.isPaid })}
            aria-label={`Paid: order ${order.orderId}`}
            data-testid="seller-order-paid"
          />
          <span className="switch__track" aria-hidden="true" />
          <span aria-hidden="true">{order.isPaid ? 'Paid' : 'Pending'}</span>
        </label>
      </div>
      <div className="seller-order__status">
        <StatusBadge status={status} testId="seller-order-status" />
        <label htmlFor={selectId} className="visually-hidden">
          Status of order {order.orderId}
        </label>
        <select
          id={selectId}
          className="input"
          value={status}
          disabled={busy || choices.every((c) => !c.enabled || c.status === status)}
          data-testid="seller-order-status-select"
          onChange={(e) => {
            const next = choices.find((c) => c.status === e.target.value);
            if (next && next.enabled && next.status !== status) chooseStatus(next.status);
          }}
        >
          {inSequence ? null : (
            <option value={status} disabled>
              {status}
            </option>
          )}
          {choices.map((c) => (
            <option key={c.status} value={c.status} disabled={!c.enabled}>
              {c.status}
            </option>
          ))}
        </select>
        {canGoOnTheWay ? (
          <EtaField
            id={`eta-${order._id}`}
            value={eta}
            disabled={busy}
            // As typed, the message shows once the seller has left the box or tried to dispatch with it.
            error={etaRefused ? etaError : undefined}
            onChange={(value) => setEta(value)}
            onBlur={() => setEtaRefused(etaError !== undefined)}
          />
        ) : null}
        {status === OrderStatus.OnTheWay && order.promisedAt ? (
          <p className={late ? 'seller-order__late' : 'muted'} data-testid="seller-order-promise">
            {late ? 'Late · ' : ''}Promised {formatClockTime(order.promisedAt)}
          </p>
        ) : null}
        {order.refund ? (
          <p className="muted" data-testid="seller-order-refund">
            Refund {order.refund.status} · {formatRupees(order.refund.amount)}
          </p>
        ) : null}
        {cancellable && !cancelling ? (
          <button
            type="button"
            className="link-button tap-target"
            disabled={busy}
            onClick={() => setCancelling(true)}
            data-testid="seller-order-cancel"
          >
            Cancel order
          </button>
        ) : null}
        {cancellableStatus && cashCollected ? (
          <p className="muted" data-testid="seller-order-cancel-blocked">
            Mark unpaid to cancel
          </p>
        ) : null}
        {cancellable && cancelling ? (
          <form
            className="seller-order__cancel"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim()) void change({ status: OrderStatus.Cancelled, reason: reason.trim() });
            }}
          >
            <label>
              Reason for the shopper
              <input className="input" required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="seller-order-cancel-reason" />
            </label>
            <button type="submit" className="btn" disabled={busy || !reason.trim()} data-testid="seller-order-cancel-confirm">
              Cancel order
            </button>
            <button type="button" className="link-button tap-target" disabled={busy} onClick={() => setCancelling(false)}>
              Keep it
            </button>
          </form>
        ) : null}
      </div>
    </li>
  );
}
