import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sellerLogout } from '../../../features/seller/api/seller-session';
import { SellerLogin } from '../../../features/seller/components/seller-login';
import { SellerShell } from '../../../features/seller/components/seller-shell';
import { useSellerCheck } from '../../../features/seller/hooks/use-seller-check';
import { useSellerOrders } from '../../../features/seller/stores/seller-orders-store';
import { useSellerSession } from '../../../features/seller/stores/seller-session-store';

/** /seller: the login screen for anyone without a seller session, otherwise the seller layout. */
export function SellerArea() {
  const status = useSellerCheck();
  const seller = useSellerSession((s) => s.seller);
  const sellerLoggedOut = useSellerSession((s) => s.sellerLoggedOut);
  const newOrders = useSellerOrders((s) => Object.keys(s.unseen).length);
  const navigate = useNavigate();

  useDocumentTitle(status === 'guest' ? 'Seller login' : null);

  async function logout() {
    try {
      const reply = await sellerLogout();
      toast.success(reply.message ?? 'Logged out');
      sellerLoggedOut();
      useSellerOrders.getState().allSeen();
      navigate('/');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  if (status === 'unknown') return <Spinner />;
  if (status === 'guest' || !seller) return <SellerLogin />;
  return (
    <SellerShell onLogout={() => void logout()} newOrders={newOrders} seller={seller}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </SellerShell>
  );
}
