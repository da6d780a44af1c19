import { useEffect } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { categoryFromSlug } from '@core/domain/categories';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { ProductGrid } from '../../features/products/components/product-grid';
import { useProducts } from '../../features/products/stores/products-store';
import { useSearch } from '../../features/products/stores/search-store';
import { storesOf } from '../../features/products/lib/stores-of';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshProducts } from '../bootstrap';
import { SearchBox } from '../layouts/navbar';
import { NotFound } from './not-found';
import { renderCartControl } from './product-actions';
import { isLoading } from '../../lib/load-status';
import './routes.css';

/**
 * /products: every in-stock product whose name contains the search text (case-insensitive); `?seller=<id>` narrows it
 * to one store's products, with the store's name as the heading.
 */
export function AllProductsRoute() {
  const products = useProducts((s) => s.products);
  const status = useProducts((s) => s.status);
  const query = useSearch((s) => s.query);
  const [params, setParams] = useSearchParams();
  const sellerId = params.get('seller') ?? '';
  const stores = storesOf(products);
  const store = stores.find((s) => s.id === sellerId);
  const needle = query.trim().toLowerCase();
  const fromStore = sellerId ? products.filter((p) => p.seller.id === sellerId) : products;
  const shown = needle ? fromStore.filter((p) => p.name.toLowerCase().includes(needle)) : fromStore;
  const heading = sellerId ? (store?.storeName ?? 'Store') : 'All Products';
  useDocumentTitle(needle ? `“${query.trim()}” in ${heading}` : heading);
  // Arrived from the navbar's search button: the search box is where the shopper wants to type.
  const { state, key } = useLocation();
  const focusSearch = (state as { focusSearch?: boolean } | null)?.focusSearch === true;
  useEffect(() => {
    if (focusSearch) document.getElementById('page-search')?.focus();
  }, [focusSearch, key]);

  function storeChosen(id: string) {
    const next = new URLSearchParams(params);
    if (id) next.set('seller', id);
    else next.delete('seller');
    setParams(next);
  }

  return (
    <div className="container page">
      <div className="listing-head">
        <h1 className="page-title title-rule" data-testid="products-heading">
          {heading}
        </h1>
        <div className="listing-head__controls">
          {stores.length > 1 || sellerId ? (
            <div className="field listing-head__store">
              <label htmlFor="store-filter">Store</label>
              <select id="store-filter" value={sellerId} onChange={(e) => storeChosen(e.target.value)}>
                <option value="">All stores</option>
                {sellerId && !store ? <option value={sellerId}>This store</option> : null}
                {stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.storeName}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <SearchBox id="page-search" className="listing-head__search" />
        </div>
      </div>
      {isLoading(status) ? (
        <Spinner label="Loading products" />
      ) : status === 'error' ? (
        <LoadFailed what="products" onRetry={refreshProducts} />
      ) : shown.length === 0 ? (
        <p className="empty-state">
          {needle ? `No products match “${query.trim()}”.` : sellerId ? 'This store has no products for sale right now.' : 'No products available right now.'}
        </p>
      ) : (
        <ProductGrid products={shown} renderAction={renderCartControl} label={sellerId ? `Products of ${heading}` : 'Products'} headingLevel={2} />
      )}
    </div>
  );
}

/** /products/:category: the heading comes from the category list; lowercase match on the path. */
export function CategoryProductsRoute() {
  const { category: slug = '' } = useParams();
  const products = useProducts((s) => s.products);
  const status = useProducts((s) => s.status);
  const category = categoryFromSlug(slug);
  const shown = products.filter((p) => p.category.toLowerCase() === slug.toLowerCase());
  useDocumentTitle(category ? category.text : null);

  if (!category) return <NotFound what="Category" detail={`We have no “${slug}” aisle. Every category is on the home page.`} />;
  return (
    <div className="container page">
      <h1 className="page-title title-rule">{category.text.toUpperCase()}</h1>
      {isLoading(status) ? (
        <Spinner label="Loading products" />
      ) : status === 'error' ? (
        <LoadFailed what="products" onRetry={refreshProducts} />
      ) : shown.length === 0 ? (
        <p className="empty-state">No products found in this category.</p>
      ) : (
        <ProductGrid products={shown} renderAction={renderCartControl} label={category.text} headingLevel={2} />
      )}
    </div>
  );
}
