import { useState } from 'react';
import { formatRupees, paiseToRupees } from '@core/domain/money';
import { BRAND_NAME } from '../../../config/constants';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { completeSimulatedPayment, simulatedCheckout, type TestOutcome } from '../api/simulated-checkout';
import { paymentDismissed, paymentFailed, paymentSucceeded } from '../lib/payment-flow';
import { useTestCheckout } from '../stores/test-checkout-store';
import './orders.css';

/**
 * The simulated gateway's checkout, clearly marked as test mode: the shopper chooses what the payment does (paid,
 * authorized only, a UPI request approved later, failed) and whether a refund of it would be refused. Afterwards the
 * flow is the Razorpay one: verify on the server, and the order flips live.
 */
export function TestCheckoutModal() {
  const checkout = useTestCheckout((s) => s.checkout);
  const submitted = useTestCheckout((s) => s.submitted);
  const testCheckoutClosed = useTestCheckout((s) => s.testCheckoutClosed);
  const [busy, setBusy] = useState<TestOutcome | 'approve' | null>(null);
  const [refundFails, setRefundFails] = useState(false);
  /** A UPI collect waiting for the shopper's approval: its payment id. */
  const [pendingPayment, setPendingPayment] = useState<string | null>(null);

  if (!checkout) return null;
  const amount = formatRupees(paiseToRupees(checkout.order.amount));

  function dismiss() {
    if (busy) return;
    setPendingPayment(null);
    testCheckoutClosed();
    paymentDismissed();
  }

  async function pay(outcome: TestOutcome) {
    if (!checkout || busy) return;
    setBusy(outcome);
    try {
      const result = await simulatedCheckout(checkout.order.id, outcome, refundFails ? 'failed' : undefined);
      if (outcome === 'pending') {
        setPendingPayment(result.paymentId);
        return;
      }
      testCheckoutClosed();
      if (result.response) await paymentSucceeded(checkout, result.response, submitted);
      else paymentFailed(checkout);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  /** The shopper approves the UPI request in their bank app, however late: the gateway captures it. */
  async function approve() {
    if (!checkout || !pendingPayment || busy) return;
    setBusy('approve');
    try {
      await completeSimulatedPayment(pendingPayment, 'success');
      setPendingPayment(null);
      testCheckoutClosed();
      toast.success('Payment approved. Confirming your order…');
    } catch (error) {
      toast.error(errorMessage(error));
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
        {pendingPayment ? (
          <div className="test-checkout__actions">
            <p className="muted">A UPI request is waiting in your bank app.</p>
            <button type="button" className="btn btn--block" disabled={busy !== null} onClick={() => void approve()}>
              {busy === 'approve' ? 'Processing...' : 'Approve UPI request'}
            </button>
            <button type="button" className="link-button" disabled={busy !== null} onClick={dismiss}>
              Close (approve later)
            </button>
          </div>
        ) : (
          <div className="test-checkout__actions">
            <button type="button" className="btn btn--block" disabled={busy !== null} onClick={() => void pay('success')}>
              {busy === 'success' ? 'Processing...' : `Pay ${amount}`}
            </button>
            <button type="button" className="btn btn--block btn--ghost" disabled={busy !== null} onClick={() => void pay('authorized')}>
              {busy === 'authorized' ? 'Processing...' : 'Authorize only (the store captures it)'}
            </button>
            <button type="button" className="btn btn--block btn--ghost" disabled={busy !== null} onClick={() => void pay('pending')}>
              {busy === 'pending' ? 'Processing...' : 'Pay by UPI request (approve later)'}
            </button>
            <button
              type="button"
              className="btn btn--block btn--ghost test-checkout__fail"
              disabled={busy !== null}
              onClick={() => void pay('failure')}
            >
              {busy === 'failure' ? 'Processing...' : 'Fail payment'}
            </button>
            <label className="test-checkout__option">
              <input type="checkbox" checked={refundFails} onChange={(e) => setRefundFails(e.target.checked)} /> A refund of this payment
              fails at the bank
            </label>
            <button type="button" className="link-button" disabled={busy !== null} onClick={dismiss}>
              Cancel
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
