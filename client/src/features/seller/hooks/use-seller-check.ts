import { useLoader } from '../../../hooks/use-loader';
import { isSeller } from '../api/seller-session';
import { useSellerSession } from '../stores/seller-session-store';

/**
 * Who is this, for a page of the seller area or its sign-up: asked once per page load, when a page first needs it. If
 * the server cannot be asked, the visitor counts as no seller (the login or sign-up form is the answer).
 */
export function useSellerCheck() {
  const status = useSellerSession((s) => s.status);
  const sellerChecked = useSellerSession((s) => s.sellerChecked);
  useLoader(status === 'unknown' ? isSeller : null, [], { loaded: sellerChecked, failed: () => sellerChecked(null), quiet: true });
  return status;
}
