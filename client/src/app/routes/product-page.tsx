import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/products';
import { RELATED_PRODUCT_COUNT } from '../../config/constants';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast/toast-store';
import { useLoader } from '../../hooks/use-loader';
import { useCart } from '../../features/cart/stores/cart-store';
import { getProduct } from '../../features/products/api/get-products';
import { ProductDetail } from '../../features/products/components/product-detail';
import { ProductGrid } from '../../features/products/components/product-grid';
import { useProducts } from '../../features/products/stores/products-store';
import { renderCartControl } from './product-actions';
import './routes.css';

type Lookup = { id: string; product: ProductDto | null } | null;

/** /products/:category/:id. An id that is neither in the list nor known to the server renders nothing (spec). */
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
    failed: () => setFetched({ id, product: null }),
    quiet: true,
  });

  const product = listed ?? (fetched?.id === id ? fetched.product : undefined);
  if (product === undefined) return <Spinner label="Loading product" />;
  if (product === null) return null;

  const related = products
    .filter((p) => p.category.toLowerCase() === product.category.toLowerCase() && p._id !== product._id)
    .slice(0, RELATED_PRODUCT_COUNT);

  return (
    <div className="container page">
      <ProductDetail
        product={product}
        onAddToCart={() => {
          itemAdded(product._id);
          toast.success('Added To Cart');
        }}
        onBuyNow={() => {
          itemAdded(product._id);
          toast.success('Added To Cart');
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
