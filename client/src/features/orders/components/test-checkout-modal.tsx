import { useState } from 'react';
import { formatRupees, paiseToRupees } from '@core/domain/money';
import { BRAND_NAME } from '../../../config/constants';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { simulatedCheckout } from '../api/simulated-checkout';
import { paymentDismissed, paymentFailed, paymentSucceeded } from '../lib/payment-flow';
import { useTestCheckout } from '../stores/test-checkout-store';
import './orders.css';

/**
 * The simulated gateway's checkout, clearly marked as test mode: the shopper chooses whether the payment succeeds.
 * Afterwards the flow is the Razorpay one: verify on the server, and the order flips live.
 */
export function TestCheckoutModal() {
  const checkout = useTestCheckout((s) => s.checkout);
  const testCheckoutClosed = useTestCheckout((s) => s.testCheckoutClosed);
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);

  if (!checkout) return null;
  const amount = formatRupees(paiseToRupees(checkout.order.amount));

  function dismiss() {
    if (busy) return;
    testCheckoutClosed();
    paymentDismissed();
  }

  async function pay(outcome: 'success' | 'failure') {
    if (!checkout || busy) return;
    setBusy(outcome);
    try {
      const { response } = await simulatedCheckout(checkout.order.id, outcome);
      testCheckoutClosed();
      if (outcome === 'success') await paymentSucceeded(checkout, response);
      else await paymentFailed(checkout, response);
    } catch (error) {
      toast.error(errorMessage(error));
      if (outcome === 'failure') {
        testCheckoutClosed();
        await paymentFailed(checkout, null);
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open onClose={dismiss} label="Test mode payment" closeOnBackdrop={false} className="test-checkout" testId="test-checkout">
      <div className="test-checkout__body">
        <p className="test-checkout__badge">Test mode</p>
        <h2 className="test-checkout__title">{BRAND_NAME} payment</h2>
        <p className="muted">
          No real money moves. This simulated gateway stands in for Razorpay while no live keys are configured.
        </p>
        <dl className="test-checkout__facts">
          <div>
            <dt>Amount</dt>
            <dd>{amount}</dd>
          </div>
          <div>
            <dt>Paying as</dt>
            <dd>{checkout.prefill.name || checkout.prefill.email}</dd>
          </div>
          <div>
            <dt>Gateway order</dt>
            <dd className="test-checkout__mono">{checkout.order.id}</dd>
          </div>
        </dl>
        <div className="test-checkout__actions">
          <button type="button" className="btn btn--block" disabled={busy !== null} onClick={() => void pay('success')}>
            {busy === 'success' ? 'Processing...' : `Pay ${amount}`}
          </button>
          <button
            type="button"
            className="btn btn--block btn--ghost test-checkout__fail"
            disabled={busy !== null}
            onClick={() => void pay('failure')}
          >
            {busy === 'failure' ? 'Processing...' : 'Fail payment'}
          </button>
          <button type="button" className="link-button" disabled={busy !== null} onClick={dismiss}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}
