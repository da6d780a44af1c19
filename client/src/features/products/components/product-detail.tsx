import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { categoryFromSlug } from '@core/domain/categories';
import { formatRupees, savingOf } from '@core/domain/money';
import { StarRating } from '../../../components/ui/star-rating';
import { categoryHref, storeHref } from './category-visuals';
import './product-detail.css';

type ProductDetailProps = {
  product: ProductDto;
  /** Add to Cart, composed by the route: as on the cards, a − n + counter once the product is in the cart. */
  cartControl: ReactNode;
  onBuyNow: () => void;
  /** Related products, composed by the route. */
  related: ReactNode;
};

function Gallery({ product }: { product: ProductDto }) {
  const [active, setActive] = useState(0);
  const images = product.images.slice(0, 4);
  const main = images[active] ?? images[0];
  return (
    <div className="gallery">
      <ul className="gallery__thumbs" aria-label="Product images">
        {images.map((src, i) => (
          <li key={src + i}>
            <button
              type="button"
              className="gallery__thumb"
              aria-pressed={i === active}
              aria-label={`Show image ${i + 1} of ${images.length}`}
              onClick={() => setActive(i)}
            >
              <img src={src} alt="" width={80} height={80} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <div className="gallery__main">
        {main ? <img src={main} alt={product.name} width={420} height={420} /> : null}
      </div>
    </div>
  );
}

export function ProductDetail({ product, cartControl, onBuyNow, related }: ProductDetailProps) {
  const category = categoryFromSlug(product.category);
  const saving = savingOf(product.price, product.offerPrice);
  return (
    <div className="product-detail">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/products">Products</Link>
          </li>
          <li>
            <Link to={categoryHref(product.category)}>{category?.path ?? product.category}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product-detail__body">
        {/* Keyed by product: a related product opens on this same component, and must not keep the image chosen here. */}
        <Gallery key={product._id} product={product} />
        <div className="product-detail__info">
          <h1 className="product-detail__name">{product.name}</h1>
          <p className="product-detail__seller" data-testid="product-seller">
            Sold by{' '}
            <Link to={storeHref(product.seller)} className="tap-target">
              {product.seller.storeName}
            </Link>
          </p>
          <StarRating size={16} />
          <div className="product-detail__prices">
            {saving ? (
              <p className="product-detail__mrp">
                MRP: <s>{formatRupees(product.price)}</s>
              </p>
            ) : null}
            <p className="product-detail__offer" data-testid="product-offer-price">
              {saving ? 'Price: ' : 'MRP: '}
              {formatRupees(product.offerPrice)}
            </p>
            {saving ? (
              <p className="product-detail__saving" data-testid="product-saving">
                You save {formatRupees(saving.rupees)} ({saving.percentOff}% off)
              </p>
            ) : null}
            <p className="muted">(inclusive of all taxes)</p>
          </div>
          {product.description.length > 0 ? (
            <>
              <h2 className="product-detail__about">About Product</h2>
              <ul className="product-detail__bullets">
                {product.description.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
          {product.inStock ? (
            <div className="product-detail__actions">
              {cartControl}
              <button type="button" className="btn" onClick={onBuyNow}>
                Buy now
              </button>
            </div>
          ) : (
            <p className="product-detail__out" role="status">
              Out of stock right now. Check back soon.
            </p>
          )}
        </div>
      </div>
      {related}
    </div>
  );
}
