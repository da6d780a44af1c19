import { useState } from 'react';
import type { StoreDto, StoreStatus } from '@core/contracts/http/store-replies';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast/toast-store';
import { useAction } from '../../../hooks/use-action';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { formatDate } from '../../../lib/format';
import { isLoading } from '../../../lib/load-status';
import { getAdminStores, setStoreStatus } from '../api/admin';
import { STORE_TAB_LABEL, STORE_TABS, countByStatus, storeActions, storesInTab } from '../lib/store-tabs';
import { useAdminStores } from '../stores/admin-stores-store';
import { StoreStatusForm } from './store-status-form';
import './operator.css';

function StoreRow({ store }: { store: StoreDto }) {
  const storeReceived = useAdminStores((s) => s.storeReceived);
  const { busy, run } = useAction();
  const [asking, setAsking] = useState<'rejected' | 'suspended' | null>(null);
  const address = store.address;

  function approve() {
    void run(true, async () => {
      const reply = await setStoreStatus(store.id, { status: 'approved' });
      storeReceived(reply.seller);
      toast.success(reply.message);
    });
  }

  return (
    <tr data-testid="admin-store-row" data-store-id={store.id} data-status={store.status}>
      <td>
        <p className="admin-store__name">{store.storeName}</p>
        {store.isOperator ? <p className="muted">The platform’s own store</p> : null}
      </td>
      <td data-label="Contact">
        <span>
          {store.name}
          <br />
          <span className="muted">
            {store.email}
            {store.phone ? ` · ${store.phone}` : ''}
          </span>
        </span>
      </td>
      <td data-label="Pickup">{address ? `${address.city}, ${address.state} ${address.zipcode}` : '—'}</td>
      <td data-label="Signed up">{formatDate(store.createdAt)}</td>
      <td data-label="Reason">{store.statusReason ?? '—'}</td>
      <td>
        {asking ? (
          <StoreStatusForm
            store={store}
            action={asking}
            onDone={(updated) => {
              storeReceived(updated);
              setAsking(null);
            }}
            onCancel={() => setAsking(null)}
          />
        ) : (
          <div className="row-actions">
            {storeActions(store).map((action) => (
              <button
                key={action.label}
                type="button"
                className={`btn btn--small ${action.to === 'approved' ? '' : 'btn--outline'}`}
                disabled={busy}
                aria-label={`${action.label} ${store.storeName}`}
                onClick={() => (action.to === 'approved' ? approve() : setAsking(action.to))}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </td>
    </tr>
  );
}

/** /seller/admin/stores: stores by status, with what the operator can do with each; sign-ups and changes arrive live. */
export function StoresAdmin({ refreshKey }: { refreshKey: number }) {
  const stores = useAdminStores((s) => s.stores);
  const status = useAdminStores((s) => s.status);
  const [tab, setTab] = useState<StoreStatus>('pending');
  // As on the seller board, a failure is also a toast: a refresh that fails over stores already shown says so.
  const { reload } = useLoader(getAdminStores, [refreshKey], listHandlers(useAdminStores, 'stores'));
  const counts = countByStatus(stores);
  const shown = storesInTab(stores, tab);

  return (
    <section className="seller-section" aria-labelledby="stores-title">
      <h1 id="stores-title" className="page-title">
        Stores
      </h1>
      <div className="admin-tabs" role="group" aria-label="Show stores that are">
        {STORE_TABS.map((t) => (
          <button
            key={t}
            type="button"
            className="admin-tabs__tab"
            aria-pressed={t === tab}
            data-testid={`stores-tab-${t}`}
            onClick={() => setTab(t)}
          >
            {STORE_TAB_LABEL[t]} <span className="admin-tabs__count">{counts[t]}</span>
          </button>
        ))}
      </div>
      {isLoading(status) ? (
        <Spinner label="Loading stores" />
      ) : status === 'error' ? (
        <LoadFailed what="stores" onRetry={reload} />
      ) : shown.length === 0 ? (
        <p className="muted">No {STORE_TAB_LABEL[tab].toLowerCase()} stores.</p>
      ) : (
        <div className="table-wrap">
          <table className="seller-table admin-table" data-testid="admin-stores">
            <caption className="visually-hidden">{STORE_TAB_LABEL[tab]} stores</caption>
            <thead>
              <tr>
                <th scope="col">Store</th>
                <th scope="col">Contact</th>
                <th scope="col">Pickup</th>
                <th scope="col">Signed up</th>
                <th scope="col">Reason</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((store) => (
                <StoreRow key={store.id} store={store} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
