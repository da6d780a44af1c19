import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@core/domain/money';
import { toast } from '../../../components/ui/toast/toast-store';
import { quantityLimit, stockNote } from '../lib/stock-limit';
import { useCart } from '../stores/cart-store';
import { RemoveLineButton } from './remove-line-button';
import './cart.css';

export type CartLine = { product: ProductDto; quantity: number };

function QuantityStepper({ line }: { line: CartLine }) {
  const quantitySet = useCart((s) => s.quantitySet);
  const { product, quantity } = line;
  const limit = quantityLimit(product.stock);
  const note = stockNote(product.stock, quantity);
  const noteId = useId();
  // What the shopper is typing: the field may be empty for a moment (to type a new number) without snapping back.
  const [draft, setDraft] = useState<string | null>(null);
  function set(next: number) {
    if (!Number.isFinite(next) || next < 1) return;
    const kept = Math.min(next, limit);
    // A number above the limit shows the limit at once rather than what was typed.
    if (kept !== next) setDraft(null);
    if (kept === quantity) return;
    quantitySet(product._id, kept);
    toast.success('Cart updated');
  }
  return (
    <>
      <div className="stepper" role="group" aria-label={`Quantity of ${product.name}`}>
        <button type="button" onClick={() => set(quantity - 1)} disabled={quantity <= 1} aria-label={`Decrease ${product.name}`}>
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          value={draft ?? quantity}
          aria-label={`${product.name} quantity`}
          data-testid="cart-line-quantity"
          onChange={(e) => {
            setDraft(e.target.value);
            set(Number.parseInt(e.target.value, 10));
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          onClick={() => set(quantity + 1)}
          disabled={quantity >= limit}
          aria-label={`Increase ${product.name}`}
          title={note ?? undefined}
          aria-describedby={note ? noteId : undefined}
        >
          +
        </button>
      </div>
      {note ? (
        <p id={noteId} className="cart-line__note" data-testid="stock-note">
          {note}
        </p>
      ) : null}
    </>
  );
}

/**
 * The cart page's list: one row per product with its subtotal, a stepper (min 1, max the product's counted stock) and
 * Remove. The column heads show once, over the first of the cart's lists (one per store).
 */
export function CartLines({ lines, showHead = true }: { lines: CartLine[]; showHead?: boolean }) {
  return (
    <div className="cart-lines">
      {showHead ? (
        <div className="cart-lines__head" aria-hidden="true">
          <span>Product Details</span>
          <span>Subtotal</span>
          <span>Action</span>
        </div>
      ) : null}
      <ul className="cart-lines__list">
        {lines.map((line) => {
          const { product, quantity } = line;
          const subtotal = paiseToRupees(rupeesToPaise(product.offerPrice) * quantity);
          return (
            <li key={product._id} className="cart-line" data-testid="cart-line" data-product-id={product._id}>
              <Link to={`/products/${product.category.toLowerCase()}/${product._id}`} className="cart-line__image">
                <img src={product.images[0]} alt={product.name} loading="lazy" width={96} height={96} />
              </Link>
              <div className="cart-line__info">
                <p className="cart-line__name">{product.name}</p>
                <p className="muted">{formatRupees(product.offerPrice)} each</p>
                <QuantityStepper line={line} />
              </div>
              <p className="cart-line__subtotal">{formatRupees(subtotal)}</p>
              <RemoveLineButton productId={product._id} name={product.name} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
