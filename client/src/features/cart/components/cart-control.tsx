import { CartIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast/toast-store';
import { useCart } from '../stores/cart-store';
import './cart.css';

/** The product card's "Add" button, which turns into a − n + counter once the product is in the cart. */
export function CartControl({ productId, productName }: { productId: string; productName: string }) {
  const quantity = useCart((s) => s.items[productId] ?? 0);
  const itemAdded = useCart((s) => s.itemAdded);
  const itemDecremented = useCart((s) => s.itemDecremented);

  function add() {
    itemAdded(productId);
    toast.success('Added To Cart');
  }
  function remove() {
    itemDecremented(productId);
    toast.success('Removed from cart');
  }

  if (quantity === 0) {
    return (
      <button type="button" className="cart-control__add" onClick={add} aria-label={`Add ${productName} to cart`}>
        <CartIcon size={16} /> Add
      </button>
    );
  }
  return (
    <div className="cart-control__counter" role="group" aria-label={`${productName} quantity`}>
      <button type="button" onClick={remove} aria-label={`Remove one ${productName}`}>
        −
      </button>
      <span aria-live="polite" data-testid="card-quantity">
        {quantity}
      </span>
      <button type="button" onClick={add} aria-label={`Add one more ${productName}`}>
        +
      </button>
    </div>
  );
}
