import { BEST_SELLER_COUNT } from '../../config/constants';
import { LoadFailed } from '../../components/ui/load-failed';
import { Section } from '../../components/ui/section';
import { Spinner } from '../../components/ui/spinner';
import { BottomBanner } from '../../features/marketing/components/bottom-banner';
import { HeroBanner } from '../../features/marketing/components/hero-banner';
import { CategoryGrid } from '../../features/products/components/category-grid';
import { ProductGrid } from '../../features/products/components/product-grid';
import { useProducts } from '../../features/products/stores/products-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshProducts } from '../bootstrap';
import { renderCartControl } from './product-actions';
import { isLoading } from '../../lib/load-status';
import './routes.css';

export function HomeRoute() {
  const products = useProducts((s) => s.products);
  const status = useProducts((s) => s.status);
  const bestSellers = products.slice(0, BEST_SELLER_COUNT);
  useDocumentTitle('');

  return (
    <div className="container home">
      <HeroBanner />
      <CategoryGrid />
      <Section id="best-sellers-title" title="Best Sellers" level={2} className="best-sellers">
        {isLoading(status) ? (
          <Spinner label="Loading best sellers" />
        ) : status === 'error' ? (
          <LoadFailed what="products" onRetry={refreshProducts} />
        ) : bestSellers.length === 0 ? (
          <p className="muted best-sellers__empty">New products are on their way. Check back soon.</p>
        ) : (
          <ProductGrid products={bestSellers} renderAction={renderCartControl} label="Best sellers" />
        )}
      </Section>
      <BottomBanner />
    </div>
  );
}
