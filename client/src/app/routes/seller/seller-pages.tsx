import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { useLiveConnection } from '../../../features/live/stores/live-connection-store';
import { AddProductForm } from '../../../features/seller/components/add-product-form';
import { OrdersBoard } from '../../../features/seller/components/orders-board';
import { ProductTable, useSellerProductList } from '../../../features/seller/components/product-table';

export function AddProductRoute() {
  return <AddProductForm />;
}

export function SellerProductListRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return <ProductTable refreshKey={generation} />;
}

export function SellerOrdersRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return <OrdersBoard refreshKey={generation} />;
}

/** /seller/product-list/:id/edit: the product form filled with the product, from the seller's list. */
export function EditProductRoute() {
  const { id } = useParams();
  const generation = useLiveConnection((s) => s.generation);
  const { products, status } = useSellerProductList(generation);
  const product = products.find((p) => p._id === id);
  if (product) return <AddProductForm key={product._id} product={product} />;
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
