import { toast } from '../../../components/ui/toast/toast-store';
import { useCart } from '../stores/cart-store';

/** The ✕ / Remove button of a cart line, available or not: takes the product out of the cart and says so. */
export function RemoveLineButton({ productId, name }: { productId: string; name: string }) {
  const itemRemoved = useCart((s) => s.itemRemoved);
  return (
    <button
      type="button"
      className="cart-line__remove"
      aria-label={`Remove ${name} from cart`}
      onClick={() => {
        itemRemoved(productId);
        toast.success('Removed from cart');
      }}
    >
      <span aria-hidden="true">✕</span>
      <span className="cart-line__remove-text">Remove</span>
    </button>
  );
}
