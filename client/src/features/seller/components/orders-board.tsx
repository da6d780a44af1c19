import { lateFirst } from '@core/domain/delivery-promise';
import { ORDER_STATUSES } from '@core/domain/order-status';
import { SELLER_ORDERS_PAGE_SIZE } from '../../../config/constants';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useLoader } from '../../../hooks/use-loader';
import { useNow } from '../../../hooks/use-now';
import { getSellerOrders } from '../api/seller-orders';
import { useSellerOrders } from '../stores/seller-orders-store';
import { SellerOrderRow } from './seller-order-row';
import './seller.css';
import { isStatusFilter, pageCountOf, showsOrderPastFilter } from '../../../lib/order-status';

/** The live order board: new orders appear at the top with a highlight; changes from other tabs arrive live. */
export function OrdersBoard({ refreshKey }: { refreshKey: number }) {
  const orders = useSellerOrders((s) => s.orders);
  const total = useSellerOrders((s) => s.total);
  const status = useSellerOrders((s) => s.status);
  const filter = useSellerOrders((s) => s.filter);
  const page = useSellerOrders((s) => s.page);
  const unseen = useSellerOrders((s) => s.unseen);
  const ordersRequested = useSellerOrders((s) => s.ordersRequested);
  const ordersLoaded = useSellerOrders((s) => s.ordersLoaded);
  const ordersFailed = useSellerOrders((s) => s.ordersFailed);
  const filterChanged = useSellerOrders((s) => s.filterChanged);
  const pageChanged = useSellerOrders((s) => s.pageChanged);
  const allSeen = useSellerOrders((s) => s.allSeen);
  const pagesMoved = useSellerOrders((s) => showsOrderPastFilter(s.orders, s.filter));

  // A failure shows its reason as a toast (the message itself, never an undefined value).
  const { reload } = useLoader(() => getSellerOrders({ status: filter, page, limit: SELLER_ORDERS_PAGE_SIZE }), [filter, page, refreshKey], {
    started: ordersRequested,
    loaded: ({ orders: list, total: count }) => ordersLoaded(list, count),
    failed: ordersFailed,
  });

  // Orders past their promise go first (the page's order otherwise), re-checked as the clock moves.
  const now = useNow();
  const { orders: shown, late } = lateFirst(orders, now);

  const pages = pageCountOf(total);
  const newCount = Object.keys(unseen).length;

  return (
    <section className="seller-section" aria-labelledby="orders-title">
      <div className="board-head">
        <h1 id="orders-title" className="page-title">
          Orders List
        </h1>
        <div className="field board-head__filter">
          <label htmlFor="order-filter">Status</label>
          <select
            id="order-filter"
            value={filter}
            onChange={(e) => {
              if (isStatusFilter(e.target.value)) filterChanged(e.target.value);
            }}
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>

      {newCount > 0 ? (
        <div className="board-notice" role="status" data-testid="new-order-notice">
          <span className="board-notice__dot" aria-hidden="true" />
          {newCount === 1 ? '1 new order' : `${newCount} new orders`} just arrived
          <button type="button" className="link-button" onClick={allSeen}>
            Mark as seen
          </button>
        </div>
      ) : null}

      {/* Orders that arrive live after a failed load do not hide the failure: the rest of the page is still missing. */}
      {status === 'error' ? <LoadFailed what="orders" onRetry={reload} /> : null}
      {status === 'idle' || status === 'loading' ? (
        <Spinner label="Loading orders" />
      ) : orders.length === 0 ? (
        status === 'error' ? null : <p className="muted board-empty">No orders {filter ? `with status “${filter}”` : 'yet'}.</p>
      ) : (
        <ul className="seller-orders" aria-label="Orders" data-testid="seller-orders">
          {shown.map((order) => (
            <SellerOrderRow key={order._id} order={order} isNew={Boolean(unseen[order._id])} late={late.has(order)} />
          ))}
        </ul>
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
