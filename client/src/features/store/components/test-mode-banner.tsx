import { useStoreInfo } from '../stores/store-info-store';
import './test-mode-banner.css';

/** On every page while the store takes test payments: nobody should think an order here is paid for. */
export function TestModeBanner() {
  const testPayments = useStoreInfo((s) => s.testPayments);
  if (!testPayments) return null;
  return (
    <div className="test-mode-banner" data-testid="test-mode-banner" role="note">
      <strong>Test mode</strong> · Payments are test payments: no real money moves and no order is really paid for.
    </div>
  );
}
