import { Navigate, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { AddressFields, EMPTY_ADDRESS } from '../../../features/addresses/components/address-fields';
import { SellerRegisterForm } from '../../../features/seller/components/seller-register-form';
import { ShopLogoLink } from '../../../features/seller/components/shop-logo-link';
import { useSellerCheck } from '../../../features/seller/hooks/use-seller-check';
import { sellerSelfOf, useSellerSession } from '../../../features/seller/stores/seller-session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /seller/register ("Become Seller"): a new store signs up and lands, signed in, in the seller area. A store already
 * signed in goes straight there, as it does from the seller login.
 */
export function SellerRegisterRoute() {
  const status = useSellerCheck();
  const sellerLoggedIn = useSellerSession((s) => s.sellerLoggedIn);
  const navigate = useNavigate();
  useDocumentTitle('Become a Seller');

  if (status === 'unknown') return <Spinner />;
  if (status === 'seller') return <Navigate to="/seller" replace />;
  return (
    <main className="seller-login">
      <ShopLogoLink />
      <SellerRegisterForm
        blankAddress={EMPTY_ADDRESS}
        pickupFields={(field) => <AddressFields field={field} />}
        onRegistered={(store) => {
          sellerLoggedIn(sellerSelfOf(store));
          navigate('/seller');
        }}
      />
    </main>
  );
}
