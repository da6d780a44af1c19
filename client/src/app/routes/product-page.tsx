import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { RELATED_PRODUCT_COUNT } from '../../config/constants';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast/toast-store';
import { useLoader } from '../../hooks/use-loader';
import { CartControl } from '../../features/cart/components/cart-control';
import { quantityLimit } from '../../features/cart/lib/stock-limit';
import { useCart } from '../../features/cart/stores/cart-store';
import { getProduct } from '../../features/products/api/get-products';
import { ProductDetail } from '../../features/products/components/product-detail';
import { ProductGrid } from '../../features/products/components/product-grid';
import { useProducts } from '../../features/products/stores/products-store';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFound } from './not-found';
import { renderCartControl } from './product-actions';
import './routes.css';

/** The server's answer for an id not in the list: the product, null when there is none, or 'failed' (try again). */
type Lookup = { id: string; product: ProductDto | null | 'failed' } | null;

/** /products/:category/:id. An id that is neither in the list nor known to the server shows a not-found page. */
export function ProductRoute() {
  const { id = '' } = useParams();
  const products = useProducts((s) => s.products);
  const status = useProducts((s) => s.status);
  const itemAdded = useCart((s) => s.itemAdded);
  const navigate = useNavigate();
  const [fetched, setFetched] = useState<Lookup>(null);

  const listed = products.find((p) => p._id === id);
  const listReady = status === 'ready' || status === 'error';

  // Out-of-stock products are not in the shopper list; ask the server once before giving up.
  const needsFetch = !listed && listReady && fetched?.id !== id;
  useLoader(needsFetch ? () => getProduct(id) : null, [id], {
    loaded: (product) => setFetched({ id, product }),
    // 400 (not an id at all) and 404 mean there is no such product; anything else is a failed load, with Retry.
    failed: (error) => {
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
      setFetched({ id, product: missing ? null : 'failed' });
    },
    quiet: true,
  });

  const product = listed ?? (fetched?.id === id ? fetched.product : undefined);
  useDocumentTitle(typeof product === 'object' && product ? product.name : product === null ? 'Product not found' : null);
  if (product === undefined) return <Spinner label="Loading product" />;
  if (product === null) return <NotFound what="Product" detail="This product is no longer sold here, or the link is wrong." />;
  if (product === 'failed') {
    return (
      <div className="container page">
        <LoadFailed what="this product" onRetry={() => setFetched(null)} />
      </div>
    );
  }

  const related = products
    .filter((p) => p.category.toLowerCase() === product.category.toLowerCase() && p._id !== product._id)
    .slice(0, RELATED_PRODUCT_COUNT);

  return (
    <div className="container page">
      <ProductDetail
        product={product}
        cartControl={<CartControl productId={product._id} productName={product.name} stock={product.stock} wide />}
        onBuyNow={() => {
          // A cart that already holds all of the stock gets no more: Buy now only takes the shopper to it.
          if ((useCart.getState().items[product._id] ?? 0) < quantityLimit(product.stock)) {
            itemAdded(product._id);
            toast.success('Added To Cart');
          }
          navigate('/cart');
        }}
        related={
          related.length > 0 ? (
            <section className="related" aria-labelledby="related-title">
              <h2 id="related-title" className="section-title title-rule">
                Related Products
              </h2>
              <ProductGrid products={related} renderAction={renderCartControl} label="Related products" />
              <Link to="/products" className="btn btn--outline related__more">
                See more
              </Link>
            </section>
          ) : null
        }
      />
    </div>
  );
}
