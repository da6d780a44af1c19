import { useLoginModal } from '../../features/auth/stores/login-modal-store';
import { useSession } from '../../features/auth/stores/session-store';
import { useLiveConnection } from '../../features/live/stores/live-connection-store';
import { MyOrdersList } from '../../features/orders/components/my-orders-list';
import { NotifyOffer } from '../../features/orders/components/notify-offer';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SessionPending } from './session-pending';
import './routes.css';

export function MyOrdersRoute() {
  const user = useSession((s) => s.user);
  const checked = useSession((s) => s.checked);
  const generation = useLiveConnection((s) => s.generation);
  const loginRequested = useLoginModal((s) => s.loginRequested);
  useDocumentTitle('My Orders');

  return (
    <div className="container page my-orders">
      <h1 className="page-title title-rule">My Orders</h1>
      {!checked ? (
        <SessionPending />
      ) : user ? (
        <>
          <NotifyOffer />
          <MyOrdersList refreshKey={generation} />
        </>
      ) : (
        <div className="empty-state">
          <p>Please login to see your orders.</p>
          <button type="button" className="btn" onClick={() => loginRequested('login')}>
            Login
          </button>
        </div>
      )}
    </div>
  );
}
