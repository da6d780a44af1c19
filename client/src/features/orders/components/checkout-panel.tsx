import type { ReactNode } from 'react';
import { formatRupees, paiseToRupees } from '@core/domain/money';
import { PLATFORM_FEE_PAISE } from '@core/domain/pricing';
import { toast } from '../../../components/ui/toast/toast-store';
import { usePlaceOrder } from '../hooks/use-place-order';
import { usePaymentMethod } from '../stores/payment-method-store';
import './orders.css';

type CheckoutPanelProps = {
  lines: { product: string; quantity: number }[];
  /** Σ offerPrice × quantity in paise (exact, so the cart's round-down to 2 decimals holds). */
  itemsPaise: number;
  addressId: string | null;
  isLoggedIn: boolean;
  /** Why the order cannot be placed as the cart stands (an item not available now), or null. */
  blockedReason: string | null;
  addressSlot: ReactNode;
  onLoginRequested: () => void;
  /** The order was tried without a delivery address: the address block shows the shopper what to do. */
  onAddressMissing: () => void;
  /** The lines the order was placed with (the cart may have changed while it was on its way). */
  onOrderPlaced: (ordered: { product: string; quantity: number }[]) => void;
};

/** The cart's order summary: address, payment method, price lines, and the order button. */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const { lines, itemsPaise, addressId, isLoggedIn, blockedReason, addressSlot, onLoginRequested, onAddressMissing, onOrderPlaced } =
    props;
  const method = usePaymentMethod((s) => s.method);
  const methodChosen = usePaymentMethod((s) => s.methodChosen);
  const { busy, placeOrder } = usePlaceOrder(onOrderPlaced);

  const totalPaise = itemsPaise + PLATFORM_FEE_PAISE;
  const actionLabel = busy ? 'Processing...' : method === 'COD' ? 'Place Order' : 'Pay with Razorpay';

  function submit() {
    // Logging in is the next step of the checkout, not a mistake: the login form opens, with no error before it.
    if (!isLoggedIn) {
      onLoginRequested();
      return;
    }
    if (!addressId) {
      toast.error('Please select an address');
      onAddressMissing();
      return;
    }
    void placeOrder({ items: lines, address: addressId }, method);
  }

  return (
    <aside className="checkout-panel" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="checkout-panel__title">
        Order Summary
      </h2>
      <hr />
      {addressSlot}
      <fieldset className="checkout-panel__methods">
        <legend className="summary-label">Payment Method</legend>
        <label>
          <input type="radio" name="payment-method" value="COD" checked={method === 'COD'} onChange={() => methodChosen('COD')} />
          Cash On Delivery
        </label>
        <label>
          <input
            type="radio"
            name="payment-method"
            value="Online"
            checked={method === 'Online'}
            onChange={() => methodChosen('Online')}
          />
          Online Payment
        </label>
      </fieldset>
      <hr />
      <dl className="checkout-panel__lines">
        <div>
          <dt>Price</dt>
          <dd data-testid="summary-price">{formatRupees(paiseToRupees(itemsPaise))}</dd>
        </div>
        <div>
          <dt>Shipping Fee</dt>
          <dd className="checkout-panel__free">Free</dd>
        </div>
        <div>
          <dt>Platform Fee</dt>
          <dd>{formatRupees(paiseToRupees(PLATFORM_FEE_PAISE))}</dd>
        </div>
        <div className="checkout-panel__total">
          <dt>Total Amount:</dt>
          <dd data-testid="summary-total">{formatRupees(paiseToRupees(totalPaise))}</dd>
        </div>
      </dl>
      {blockedReason ? (
        <p className="checkout-panel__blocked" id="checkout-blocked">
          {blockedReason}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--block checkout-panel__submit"
        disabled={busy || blockedReason !== null}
        aria-describedby={blockedReason ? 'checkout-blocked' : undefined}
        onClick={submit}
      >
        {actionLabel}
      </button>
      {/* Small screens: the total and the next step stay in view at the bottom of the screen, wherever the shopper
          has scrolled; the button in the panel above is hidden there so there is one Place Order. */}
      <div className="checkout-bar" data-testid="checkout-bar">
        <p className="checkout-bar__total">
          <span className="muted">Total</span> <strong>{formatRupees(paiseToRupees(totalPaise))}</strong>
        </p>
        <button type="button" className="btn" disabled={busy || blockedReason !== null} onClick={submit}>
          {actionLabel}
        </button>
      </div>
    </aside>
  );
}
