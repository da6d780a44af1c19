import { ORDER_STATUSES } from '@core/domain/order-status';
import { formatRupees } from '@core/domain/money';
import { SELLER_ORDERS_PAGE_SIZE } from '../../../config/constants';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { formatDateTime } from '../../../lib/format';
import { orderStatusOf } from '../../../lib/order-status';
import { getAdminOrders, getAdminStores } from '../api/admin';
import { useAdminOrders } from '../stores/admin-orders-store';
import { useAdminStores } from '../stores/admin-stores-store';
import './operator.css';
import { isStatusFilter, pageCountOf, showsOrderPastFilter } from '../../../lib/order-status';

/** /seller/admin/orders: every store's orders, filtered by store and status, a page at a time, following them live. */
export function AllOrders({ refreshKey }: { refreshKey: number }) {
  const orders = useAdminOrders((s) => s.orders);
  const total = useAdminOrders((s) => s.total);
  const status = useAdminOrders((s) => s.status);
  const filter = useAdminOrders((s) => s.filter);
  const page = useAdminOrders((s) => s.page);
  const pagesMoved = useAdminOrders((s) => showsOrderPastFilter(s.orders, s.filter.status));
  const stores = useAdminStores((s) => s.stores);
  const storesStatus = useAdminStores((s) => s.status);

  const { reload } = useLoader(() => getAdminOrders(filter, page, SELLER_ORDERS_PAGE_SIZE), [filter.seller, filter.status, page, refreshKey], {
    started: () => useAdminOrders.getState().ordersRequested(),
    loaded: ({ orders: list, total: count }) => useAdminOrders.getState().ordersLoaded(list, count),
    // As on the seller board, a failure is also a toast: a refresh that fails over orders already shown says so.
    failed: () => useAdminOrders.getState().ordersFailed(),
  });
  // The store filter's choices; the Stores page keeps the same list live.
  useLoader(storesStatus === 'idle' ? getAdminStores : null, [], listHandlers(useAdminStores, 'stores'));

  const pages = pageCountOf(total);
  const { filterChanged, pageChanged } = useAdminOrders.getState();
  const storeChoices = [...stores].sort((a, b) => a.storeName.localeCompare(b.storeName));

  return (
    <section className="seller-section" aria-labelledby="all-orders-title">
      <h1 id="all-orders-title" className="page-title">
        All Orders
      </h1>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="admin-order-store">Store</label>
          <select id="admin-order-store" value={filter.seller} onChange={(e) => filterChanged({ seller: e.target.value })}>
            <option value="">All stores</option>
            {storeChoices.map((s) => (
              <option key={s.id} value={s.id}>
                {s.storeName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="admin-order-status">Status</label>
          <select
            id="admin-order-status"
            value={filter.status}
            onChange={(e) => {
              if (isStatusFilter(e.target.value)) filterChanged({ status: e.target.value });
            }}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <p className="muted" aria-live="polite">
          {status === 'ready' ? `${total} order${total === 1 ? '' : 's'}` : ''}
        </p>
      </div>

      {/* Orders that arrive live after a failed load do not hide the failure: the rest of the page is still missing. */}
      {status === 'error' ? <LoadFailed what="orders" onRetry={reload} /> : null}
      {status === 'idle' || status === 'loading' ? (
        <Spinner label="Loading orders" />
      ) : orders.length === 0 ? (
        status === 'error' ? null : <p className="muted">No orders match.</p>
      ) : (
        <div className="table-wrap">
          <table className="seller-table admin-table" data-testid="admin-orders">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Store</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Payment</th>
                <th scope="col">Placed</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order._id} data-testid="admin-order-row" data-order-id={order._id} data-status={orderStatusOf(order)}>
                  <td>
                    <span>
                      <span className="admin-order__code">{order.orderId}</span>
                      <br />
                      <span className="muted">Checkout {order.checkoutId}</span>
                    </span>
                  </td>
                  <td data-label="Store">{order.seller.storeName}</td>
                  <td data-label="Status">
                    <StatusBadge status={orderStatusOf(order)} />
                  </td>
                  <td data-label="Amount" className="num">
                    {formatRupees(order.amount)}
                  </td>
                  <td data-label="Payment">
                    {order.paymentType === 'COD' ? 'Cash on delivery' : 'Online'} · {order.isPaid ? 'Paid' : 'Not paid'}
                  </td>
                  <td data-label="Placed">{formatDateTime(order.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {/* Past the first page there is always a way back, even when the page is left empty. */}
      {page > 1 || pages > 1 ? (
        <nav className="pager" aria-label="Orders pages">
          <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => pageChanged(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={page >= pages}
            // This page is loaded again first when orders left it: the server's later pages have moved up meanwhile.
            onClick={() => (pagesMoved ? reload() : pageChanged(page + 1))}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
