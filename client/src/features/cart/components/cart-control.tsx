import { useEffect, useRef } from 'react';
import { CartIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast/toast-store';
import { useCart } from '../stores/cart-store';
import './cart.css';

type CartControlProps = {
  productId: string;
  productName: string;
  /** On the product page: "Add to Cart" in words (the page's heading names the product), and a counter as large. */
  wide?: boolean;
};

/** The product card's "Add" button, which turns into a − n + counter once the product is in the cart. */
export function CartControl({ productId, productName, wide = false }: CartControlProps) {
  const quantity = useCart((s) => s.items[productId] ?? 0);
  const itemAdded = useCart((s) => s.itemAdded);
  const itemDecremented = useCart((s) => s.itemDecremented);
  const addButton = useRef<HTMLButtonElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  // The control swaps Add for the counter (and back): the pressed button leaves the page, so focus moves to its
  // replacement instead of falling to the page body.
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (quantity === 0 ? addButton : moreButton).current?.focus();
  }, [quantity]);

  function add() {
    refocus.current = quantity === 0;
    itemAdded(productId);
    toast.success('Added To Cart');
  }
  function remove() {
    refocus.current = quantity === 1;
    itemDecremented(productId);
    toast.success('Removed from cart');
  }

  if (quantity === 0 && wide) {
    return (
      <button ref={addButton} type="button" className="btn btn--ghost" onClick={add}>
        Add to Cart
      </button>
    );
  }
  if (quantity === 0) {
    return (
      <button ref={addButton} type="button" className="cart-control__add" onClick={add} aria-label={`Add ${productName} to cart`}>
        <CartIcon size={16} /> Add
      </button>
    );
  }
  const counterClass = wide ? 'cart-control__counter cart-control__counter--wide' : 'cart-control__counter';
  return (
    <div className={counterClass} role="group" aria-label={`${productName} quantity`}>
      <button type="button" onClick={remove} aria-label={`Remove one ${productName}`}>
        −
      </button>
      <span aria-live="polite" data-testid="card-quantity">
        {quantity}
      </span>
      <button ref={moreButton} type="button" onClick={add} aria-label={`Add one more ${productName}`}>
        +
      </button>
    </div>
  );
}
