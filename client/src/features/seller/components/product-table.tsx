import { useEffect, useState } from 'react';
import type { ProductDto } from '@core/contracts/http/products';
import { formatRupees } from '@core/domain/money';
import { Section } from '../../../components/ui/section';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast/toast-store';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { useAction } from '../../../hooks/use-action';
import { deleteProduct, getSellerProducts, setProductStock } from '../api/seller-products';
import { useSellerProducts } from '../stores/seller-products-store';
import { isLoading } from '../../../lib/load-status';
import './seller.css';

function ProductRow({ product }: { product: ProductDto }) {
  const stockToggled = useSellerProducts((s) => s.stockToggled);
  const productRemoved = useSellerProducts((s) => s.productRemoved);
  const productReceived = useSellerProducts((s) => s.productReceived);
  const [confirming, setConfirming] = useState(false);
  const stockChange = useAction();
  const removal = useAction();

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 5000);
    return () => clearTimeout(timer);
  }, [confirming]);

  // Shown at once, put back if the server refuses.
  function toggleStock() {
    const next = !product.inStock;
    stockToggled(product._id, next);
    return stockChange.run(
      true,
      async () => {
        const reply = await setProductStock(product._id, next);
        productReceived(reply.product);
        toast.success(reply.message);
      },
      () => stockToggled(product._id, !next),
    );
  }

  function remove() {
    return removal.run(
      true,
      async () => {
        const reply = await deleteProduct(product._id);
        productRemoved(product._id);
        toast.success(reply.message);
      },
      () => setConfirming(false),
    );
  }

  return (
    <tr data-testid="seller-product-row" data-product-id={product._id}>
      <td>
        <div className="product-cell">
          <img src={product.images[0]} alt="" width={48} height={48} loading="lazy" />
          <span>{product.name}</span>
        </div>
      </td>
      <td className="hide-sm">{product.category}</td>
      <td>{formatRupees(product.offerPrice)}</td>
      <td className="hide-sm">{product.stock ?? '—'}</td>
      <td>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={product.inStock}
            onChange={() => void toggleStock()}
            aria-label={`In stock: ${product.name}`}
          />
          <span className="switch__track" aria-hidden="true" />
        </label>
      </td>
      <td>
        {confirming ? (
          <button type="button" className="btn btn--danger btn--small" disabled={removal.busy} onClick={() => void remove()}>
            {removal.busy ? 'Deleting…' : 'Confirm delete'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${product.name}`}
          >
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}

export function ProductTable({ refreshKey }: { refreshKey: number }) {
  const products = useSellerProducts((s) => s.products);
  const status = useSellerProducts((s) => s.status);

  useLoader(getSellerProducts, [refreshKey], listHandlers(useSellerProducts, 'products'));

  return (
    <Section id="product-list-title" title="All Products" level={1} className="seller-section">
      {isLoading(status) ? (
        <Spinner label="Loading products" />
      ) : status === 'error' ? (
        <p className="muted">Could not load products.</p>
      ) : products.length === 0 ? (
        <p className="muted">No products yet. Add your first one.</p>
      ) : (
        <div className="table-wrap">
          <table className="seller-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="hide-sm">
                  Category
                </th>
                <th scope="col">Selling Price</th>
                <th scope="col" className="hide-sm">
                  Stock
                </th>
                <th scope="col">In Stock</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <ProductRow key={p._id} product={p} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
