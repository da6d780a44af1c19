import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { formatRupees } from '@core/domain/money';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Section } from '../../../components/ui/section';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast/toast-store';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { useAction } from '../../../hooks/use-action';
import { ApiError } from '../../../lib/api-client';
import { currentSellerProduct, deleteProduct, getSellerProducts, patchProduct, setProductStock } from '../api/seller-products';
import { useSellerProducts } from '../stores/seller-products-store';
import { isLoading } from '../../../lib/load-status';
import './seller.css';

function ProductRow({ product }: { product: ProductDto }) {
  const stockToggled = useSellerProducts((s) => s.stockToggled);
  const productRemoved = useSellerProducts((s) => s.productRemoved);
  const productReceived = useSellerProducts((s) => s.productReceived);
  const [confirming, setConfirming] = useState(false);
  const stockChange = useAction();
  const stockSave = useAction();
  const removal = useAction();
  const shown = product.stock === null ? '' : String(product.stock);
  // What the seller has typed and not saved (null: nothing). Until they type, the field follows live changes (an
  // order sold the last unit, another tab restocked); once they do, a live change never overwrites their text. Left
  // holding the live count, it follows live changes again. `seen`: the count shown as they began typing, sent with the
  // save, so one typed over units sold meanwhile is refused rather than putting them on sale again.
  const [draft, setDraft] = useState<{ text: string; seen: number | null } | null>(null);
  const stock = draft?.text ?? shown;
  const stockInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 5000);
    return () => clearTimeout(timer);
  }, [confirming]);

  // Shown at once, put back if the server refuses.
  function toggleStock() {
    const next = !product.inStock;
    if (next && product.stock === 0) {
      // Sold out: switching it on alone cannot work; restocking is the way back, so point at the field.
      toast.error(`${product.name} has 0 units left: enter the new stock and press Restock`);
      stockInput.current?.focus();
      return;
    }
    // Made on the product as shown; a newer state of it (this switch's own answer or live news) replaces it, and the
    // undo below is dropped once one has come.
    stockToggled(product._id, next, product.version);
    return stockChange.run(
      true,
      async () => {
        const reply = await setProductStock(product._id, next);
        productReceived(reply.product);
        toast.success(reply.message);
      },
      () => stockToggled(product._id, !next, product.version),
    );
  }

  /**
   * After a refused save: orders that leave units are not announced live, so the count is read again, and the next
   * save is made against it (the refusal told the seller what it is).
   */
  async function countRefreshed() {
    const fresh = await currentSellerProduct(product._id);
    if (!fresh) return;
    productReceived(fresh);
    setDraft((d) => d && { ...d, seen: fresh.stock });
  }

  function saveStock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = stock.trim() === '' ? null : Number(stock);
    if (value !== null && (!Number.isInteger(value) || value < 0)) {
      toast.error('Stock must be a whole number of 0 or more');
      return;
    }
    const stockSeen = draft ? draft.seen : product.stock;
    return stockSave.run(true, async () => {
      const reply = await patchProduct(product._id, { stock: value, stockSeen }).catch(async (error: unknown) => {
        if (error instanceof ApiError && error.code === 'stock_changed') await countRefreshed();
        throw error;
      });
      productReceived(reply.product);
      setDraft(null);
      toast.success(reply.message);
    });
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
      <td data-label="Category">{product.category}</td>
      <td data-label="Selling Price">{formatRupees(product.offerPrice)}</td>
      <td data-label="Stock">
        <form className="stock-form" onSubmit={(e) => void saveStock(e)}>
          <input
            ref={stockInput}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={stock}
            // The box is too narrow for words: an empty one means the stock is not counted, as its title says.
            placeholder="—"
            title="Leave empty if you do not count this product's stock"
            onChange={(e) => {
              const text = e.target.value;
              setDraft((d) => ({ text, seen: d ? d.seen : product.stock }));
            }}
            onBlur={() => setDraft((d) => (d?.text === shown ? null : d))}
            aria-label={`Stock of ${product.name}`}
          />
          <button type="submit" className="btn btn--outline btn--small" disabled={stockSave.busy}>
            {product.stock === 0 ? 'Restock' : 'Save'}
          </button>
        </form>
      </td>
      <td data-label="In Stock">
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
        <div className="row-actions">
          <Link to={`/seller/product-list/${product._id}/edit`} className="btn btn--outline btn--small" aria-label={`Edit ${product.name}`}>
            Edit
          </Link>
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
        </div>
      </td>
    </tr>
  );
}

/** The seller's product list from the store, (re)loaded when `refreshKey` changes (a reconnect). */
export function useSellerProductList(refreshKey: number) {
  const products = useSellerProducts((s) => s.products);
  const status = useSellerProducts((s) => s.status);

  const { reload } = useLoader(getSellerProducts, [refreshKey], listHandlers(useSellerProducts, 'products'));
  return { products, status, reload };
}

export function ProductTable({ refreshKey }: { refreshKey: number }) {
  const { products, status, reload } = useSellerProductList(refreshKey);

  return (
    <Section id="product-list-title" title="All Products" level={1} className="seller-section">
      {isLoading(status) ? (
        <Spinner label="Loading products" />
      ) : status === 'error' ? (
        <LoadFailed what="your products" onRetry={reload} />
      ) : products.length === 0 ? (
        <p className="muted">No products yet. Add your first one.</p>
      ) : (
        <div className="table-wrap">
          <table className="seller-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col">Selling Price</th>
                <th scope="col">Stock</th>
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
