import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLiveConnection } from '../../../features/live/stores/live-connection-store';
import { AllOrders } from '../../../features/operator/components/all-orders';
import { StoreTotals } from '../../../features/operator/components/store-totals';
import { StoresAdmin } from '../../../features/operator/components/stores-admin';
import { useSellerSession } from '../../../features/seller/stores/seller-session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The operator's pages; any other store that opens one is told so (the server refuses its calls anyway). */
function OperatorOnly({ page, children }: { page: string; children: ReactNode }) {
  const isOperator = useSellerSession((s) => s.seller?.isOperator === true);
  useDocumentTitle(isOperator ? `${page} · Operator` : 'Operator only · Seller');
  if (isOperator) return children;
  return (
    <section className="seller-section">
      <h1 className="page-title">For the platform operator only</h1>
      <p className="muted">This page manages every store on FreshCart; your own store’s pages are in the menu.</p>
      <Link to="/seller/orders" className="btn btn--outline">
        Go to your orders
      </Link>
    </section>
  );
}

export function AdminStoresRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return (
    <OperatorOnly page="Stores">
      <StoresAdmin refreshKey={generation} />
    </OperatorOnly>
  );
}

export function AdminOrdersRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return (
    <OperatorOnly page="All Orders">
      <AllOrders refreshKey={generation} />
    </OperatorOnly>
  );
}

export function AdminTotalsRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return (
    <OperatorOnly page="Store Totals">
      <StoreTotals refreshKey={generation} />
    </OperatorOnly>
  );
}
