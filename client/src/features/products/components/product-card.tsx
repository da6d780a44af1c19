import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { formatRupees, savingOf } from '@core/domain/money';
import { StarRating } from '../../../components/ui/star-rating';
import { productHref, storeHref } from './category-visuals';
import './products.css';

type ProductCardProps = {
  product: ProductDto;
  /** The cart control, composed by the app (a feature never imports another). */
  action: ReactNode;
  /** The card names sit one level below the heading of the list they are in. */
  headingLevel?: 2 | 3;
};

export function ProductCard({ product, action, headingLevel = 3 }: ProductCardProps) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const saving = savingOf(product.price, product.offerPrice);
  return (
    <article className="product-card" data-testid="product-card" data-product-id={product._id}>
      <Link to={productHref(product)} className="product-card__link">
        <div className="product-card__image">
          <img src={product.images[0]} alt={product.name} loading="lazy" width={160} height={160} />
        </div>
        <p className="product-card__category">{product.category}</p>
        <Name className="product-card__name">{product.name}</Name>
      </Link>
      <p className="product-card__seller" data-testid="product-seller">
        Sold by{' '}
        <Link to={storeHref(product.seller)} className="tap-target">
          {product.seller.storeName}
        </Link>
      </p>
      <StarRating />
      <div className="product-card__footer">
        <p className="product-card__price">
          <span className="product-card__offer">{formatRupees(product.offerPrice)}</span>{' '}
          {saving ? (
            <>
              <s className="product-card__mrp">
                <span className="visually-hidden">MRP </span>
                {formatRupees(product.price)}
              </s>{' '}
              <span className="saving-badge" data-testid="saving">
                {saving.percentOff}% off
              </span>
            </>
          ) : null}
        </p>
        {action}
      </div>
    </article>
  );
}
