import type { ReactNode } from 'react';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { ProductCard } from './product-card';
import './products.css';

type ProductGridProps = {
  products: ProductDto[];
  renderAction: (product: ProductDto) => ReactNode;
  label: string;
  /** 2 on pages whose only heading above the grid is the h1; 3 under a section's h2. */
  headingLevel?: 2 | 3;
};

export function ProductGrid({ products, renderAction, label, headingLevel = 3 }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} action={renderAction(product)} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
