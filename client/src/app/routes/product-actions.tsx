import type { ProductDto } from '@core/contracts/http/product-replies';
import { CartControl } from '../../features/cart/components/cart-control';

/** The cart control every product card carries: products and cart meet here, in app/. */
export function renderCartControl(product: ProductDto) {
  return <CartControl productId={product._id} productName={product.name} stock={product.stock} />;
}
