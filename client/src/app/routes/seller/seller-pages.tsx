import { Link, useParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useLiveConnection } from '../../../features/live/stores/live-connection-store';
import { useSellerOrders } from '../../../features/seller/stores/seller-orders-store';
import { useSellerSession } from '../../../features/seller/stores/seller-session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddProductForm } from '../../../features/seller/components/add-product-form';
import { OrdersBoard } from '../../../features/seller/components/orders-board';
import { ProductTable, useSellerProductList } from '../../../features/seller/components/product-table';

/** The seller page's title; while new orders wait to be seen it leads with their count, a sound-free notification. */
function useSellerTitle(page: string | null) {
  const newOrders = useSellerOrders((s) => Object.keys(s.unseen).length);
  const waiting = newOrders > 0 ? `(${newOrders}) New order${newOrders === 1 ? '' : 's'} · ` : '';
  useDocumentTitle(page === null ? null : `${waiting}${page} · Seller`);
}

export function AddProductRoute() {
  useSellerTitle('Add Product');
  const rejected = useSellerSession((s) => s.seller?.status === 'rejected');
  // The banner above says why; the form would only be refused by the server.
  if (rejected) {
    return (
      <section className="seller-section">
        <h1 className="page-title">Add Product</h1>
        <p className="muted" data-testid="add-product-disabled">
          Adding products is not possible while your store is not approved.
        </p>
      </section>
    );
  }
  return <AddProductForm />;
}

export function SellerProductListRoute() {
  useSellerTitle('Product List');
  const generation = useLiveConnection((s) => s.generation);
  return <ProductTable refreshKey={generation} />;
}

export function SellerOrdersRoute() {
  useSellerTitle('Orders');
  const generation = useLiveConnection((s) => s.generation);
  return <OrdersBoard refreshKey={generation} />;
}

/** /seller/product-list/:id/edit: the product form filled with the product, from the seller's list. */
export function EditProductRoute() {
  const { id } = useParams();
  const generation = useLiveConnection((s) => s.generation);
  const { products, status, reload } = useSellerProductList(generation);
  const product = products.find((p) => p._id === id);
  useSellerTitle(product ? `Edit ${product.name}` : status === 'ready' ? 'Product not found' : null);
  if (product) return <AddProductForm key={product._id} product={product} />;
  if (status === 'error') return <LoadFailed what="your products" onRetry={reload} />;
  if (status !== 'ready') return <Spinner label="Loading product" />;
  return (
    <section className="seller-section">
      <h1 className="page-title">Product not found</h1>
      <p className="muted">It may have been deleted.</p>
      <Link to="/seller/product-list" className="btn btn--outline">
        Back to products
      </Link>
    </section>
  );
}
