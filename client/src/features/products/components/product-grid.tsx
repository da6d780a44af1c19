import type { ReactNode } from 'react';
import type { ProductDto } from '@core/contracts/http/products';
import { ProductCard } from './product-card';
import './products.css';

type ProductGridProps = {
  products: ProductDto[];
  renderAction: (product: ProductDto) => ReactNode;
  label: string;
};

export function ProductGrid({ products, renderAction, label }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} action={renderAction(product)} />
        </li>
      ))}
    </ul>
  );
}
