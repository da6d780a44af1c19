import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import addAddressArt from '../../assets/add-address.svg';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast/toast-store';
import { AddressForm, readAddressFormState } from '../../features/addresses/components/address-form';
import { useSession } from '../../features/auth/stores/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SessionPending } from './session-pending';
import './routes.css';

/** /add-address: add, or edit when navigation state carries { edit: true, address }. */
export function AddAddressRoute() {
  const user = useSession((s) => s.user);
  const checked = useSession((s) => s.checked);
  const location = useLocation();
  const navigate = useNavigate();
  const editing = readAddressFormState(location.state)?.address ?? null;
  useDocumentTitle(editing ? 'Edit address' : 'Add address');

  useEffect(() => {
    if (checked && !user) {
      toast.error('Please login');
      navigate('/cart', { replace: true });
    }
  }, [checked, user, navigate]);

  if (!checked) {
    return (
      <div className="container page">
        <SessionPending />
      </div>
    );
  }
  // A visitor: on the way to the cart.
  if (!user) return <Spinner />;

  return (
    <div className="container page">
      <h1 className="page-title">
        {editing ? 'Edit' : 'Add'} Shipping <span className="accent">Address</span>
      </h1>
      <div className="address-page">
        <AddressForm key={editing?._id ?? 'new'} editing={editing} onSaved={() => navigate('/cart')} />
        <img src={addAddressArt} alt="" className="address-page__art" width={380} height={380} loading="lazy" />
      </div>
    </div>
  );
}
