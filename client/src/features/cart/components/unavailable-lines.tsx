import { useState } from 'react';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { useLoader } from '../../../hooks/use-loader';
import { useCart } from '../stores/cart-store';
import { RemoveLineButton } from './remove-line-button';
import './cart.css';

/**
 * What the cart knows of an item that cannot be bought now: its product, or null once the server says it is gone. An
 * item with no entry was not checked (the lookup is on its way or failed), so it is not called gone.
 */
type Known = Record<string, ProductDto | null>;

/**
 * Cart items that are out of stock or no longer sold. They stay in the cart, greyed and named, each with Remove, so
 * the shopper decides; the checkout stays blocked until none is left. `lookup` asks the server for a product the
 * shopper list does not hold (out of stock products are not in it).
 */
export function UnavailableLines({ ids, lookup }: { ids: string[]; lookup: (id: string) => Promise<ProductDto | null> }) {
  const items = useCart((s) => s.items);
  const [known, setKnown] = useState<Known>({});

  const key = ids.join(',');
  useLoader(
    ids.length > 0
      ? () =>
          Promise.all(
            // One lookup failing (offline) leaves that line unnamed and unjudged; it can still be removed.
            ids.map((id) => lookup(id).then((product): [string, ProductDto | null] | null => [id, product], () => null)),
          )
      : null,
    [key],
    { loaded: (found) => setKnown((k) => ({ ...k, ...Object.fromEntries(found.filter((f) => f !== null)) })), quiet: true },
  );

  if (ids.length === 0) return null;
  return (
    <section className="unavailable-lines" aria-labelledby="unavailable-title" data-testid="unavailable-lines">
      <h2 id="unavailable-title" className="unavailable-lines__title">
        Not available now
      </h2>
      <p className="muted">Remove {ids.length === 1 ? 'this item' : 'these items'} to place your order.</p>
      <ul className="cart-lines__list">
        {ids.map((id) => {
          const product = known[id];
          const name = product ? product.name : product === null ? 'A product that is no longer sold' : 'An item not available now';
          const reason = product ? 'Out of stock' : product === null ? 'No longer sold' : 'Not available now';
          return (
            <li key={id} className="cart-line cart-line--unavailable" data-testid="unavailable-line" data-product-id={id}>
              <div className="cart-line__image">{product ? <img src={product.images[0]} alt="" width={96} height={96} /> : null}</div>
              <div className="cart-line__info">
                <p className="cart-line__name">{name}</p>
                <p className="cart-line__reason">
                  {reason} · {items[id] ?? 0} in cart
                </p>
              </div>
              <RemoveLineButton productId={id} name={name} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
