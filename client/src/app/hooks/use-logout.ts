import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toast/toast-store';
import { errorMessage } from '../../lib/api-client';
import { logout } from '../../features/auth/api/logout';
import { useSession } from '../../features/auth/stores/session-store';
import { useAddresses } from '../../features/addresses/stores/address-store';
import { useCart } from '../../features/cart/stores/cart-store';
import { useMyOrders } from '../../features/orders/stores/my-orders-store';

/** Logout ends the session and takes the user's cart, addresses and orders off this device. */
export function useLogout() {
  const navigate = useNavigate();
  return async function logoutUser(): Promise<void> {
    try {
      const reply = await logout();
      toast.success(reply.message ?? 'Logged out');
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    useSession.getState().userLoggedOut();
    useCart.getState().cartCleared();
    useAddresses.getState().addressesCleared();
    useMyOrders.getState().ordersCleared();
    navigate('/');
  };
}
