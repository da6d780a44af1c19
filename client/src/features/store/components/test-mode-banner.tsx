import { useStoreInfo } from '../stores/store-info-store';
import './test-mode-banner.css';

/**
 * On every page while the store takes test payments: nobody should think an order here is paid for. A phone gets the
 * short form on one line, so the banner does not push a product page's Add to Cart under the bottom bar.
 */
export function TestModeBanner() {
  const testPayments = useStoreInfo((s) => s.testPayments);
  if (!testPayments) return null;
  return (
    <div className="test-mode-banner" data-testid="test-mode-banner" role="note">
      <strong>Test mode</strong>
      <span className="test-mode-banner__long"> · Payments are test payments: no real money moves and no order is really paid for.</span>
      <span className="test-mode-banner__short"> · Test payments: no real money moves.</span>
    </div>
  );
}
