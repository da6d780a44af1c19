import { useEffect, useId, useRef } from 'react';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { CartIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast/toast-store';
import { quantityLimit, stockNote } from '../lib/stock-limit';
import { useCart } from '../stores/cart-store';
import './cart.css';

type CartControlProps = {
  productId: string;
  productName: string;
  /** The product's stock: the most the cart can hold of it. Null when the store does not count it. */
  stock: ProductDto['stock'];
  /** On the product page: "Add to Cart" in words (the page's heading names the product), and a counter as large. */
  wide?: boolean;
};

/**
 * The product card's "Add" button, which turns into a − n + counter once the product is in the cart. Once the cart
 * holds all of a counted stock, adding is disabled and a note under the control says how many are left.
 */
export function CartControl({ productId, productName, stock, wide = false }: CartControlProps) {
  const quantity = useCart((s) => s.items[productId] ?? 0);
  const itemAdded = useCart((s) => s.itemAdded);
  const itemDecremented = useCart((s) => s.itemDecremented);
  const addButton = useRef<HTMLButtonElement>(null);
  const lessButton = useRef<HTMLButtonElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const noteId = useId();
  const limit = quantityLimit(stock);
  const full = quantity >= limit;
  const note = stockNote(stock, quantity);
  // The control swaps Add for the counter (and back), and + is disabled once the line is full: the pressed button
  // leaves the page or stops taking focus, so focus moves to the button still in use instead of falling to the body.
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (quantity === 0 ? addButton : full ? lessButton : moreButton).current?.focus();
  }, [quantity, full]);

  function add() {
    refocus.current = quantity === 0 || quantity + 1 >= limit;
    itemAdded(productId);
    toast.success('Added To Cart');
  }
  function remove() {
    refocus.current = quantity === 1;
    itemDecremented(productId);
    toast.success('Removed from cart');
  }

  // What the disabled button says about itself: the visible note, when there is one.
  const why = note ? { title: note, 'aria-describedby': noteId } : {};
  const noteLine = note ? (
    <p id={noteId} className={`cart-control__note${wide ? ' cart-control__note--wide' : ''}`} data-testid="stock-note">
      {note}
    </p>
  ) : null;

  if (quantity === 0) {
    return (
      <>
        {wide ? (
          <button ref={addButton} type="button" className="btn btn--ghost" onClick={add} disabled={full} {...why}>
            Add to Cart
          </button>
        ) : (
          <button
            ref={addButton}
            type="button"
            className="cart-control__add"
            onClick={add}
            disabled={full}
            aria-label={`Add ${productName} to cart`}
            {...why}
          >
            <CartIcon size={16} /> Add
          </button>
        )}
        {noteLine}
      </>
    );
  }
  const counterClass = wide ? 'cart-control__counter cart-control__counter--wide' : 'cart-control__counter';
  return (
    <>
      <div className={counterClass} role="group" aria-label={`${productName} quantity`}>
        <button ref={lessButton} type="button" onClick={remove} aria-label={`Remove one ${productName}`}>
          −
        </button>
        <span aria-live="polite" data-testid="card-quantity">
          {quantity}
        </span>
        <button ref={moreButton} type="button" onClick={add} disabled={full} aria-label={`Add one more ${productName}`} {...why}>
          +
        </button>
      </div>
      {noteLine}
    </>
  );
}
