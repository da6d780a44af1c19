import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@core/domain/money';
import { itemsTotal, PLATFORM_FEE_PAISE } from '@core/domain/pricing';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { AddressChooser } from '../../features/addresses/components/address-chooser';
import { useLoadAddresses } from '../../features/addresses/hooks/use-load-addresses';
import { useAddresses } from '../../features/addresses/stores/address-store';
import { useLoginModal } from '../../features/auth/stores/login-modal-store';
import { useSession } from '../../features/auth/stores/session-store';
import { CartLines, type CartLine } from '../../features/cart/components/cart-lines';
import { UnavailableLines } from '../../features/cart/components/unavailable-lines';
import { groupByStore } from '../../features/cart/lib/group-by-store';
import { cartCount, useCart } from '../../features/cart/stores/cart-store';
import { CheckoutPanel } from '../../features/orders/components/checkout-panel';
import { getProduct } from '../../features/products/api/get-products';
import { useProducts } from '../../features/products/stores/products-store';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshProducts } from '../bootstrap';
import './routes.css';

function linesOf(items: Record<string, number>, products: ProductDto[]) {
  const byId = new Map(products.map((p) => [p._id, p]));
  const lines: CartLine[] = [];
  const unavailable: string[] = [];
  for (const [id, quantity] of Object.entries(items)) {
    const product = byId.get(id);
    if (product) lines.push({ product, quantity });
    else unavailable.push(id);
  }
  return { lines, unavailable };
}

export function CartRoute() {
  const items = useCart((s) => s.items);
  const orderPlaced = useCart((s) => s.orderPlaced);
  const products = useProducts((s) => s.products);
  const productsStatus = useProducts((s) => s.status);
  const user = useSession((s) => s.user);
  const loginRequested = useLoginModal((s) => s.loginRequested);
  const selectedAddressId = useAddresses((s) => s.selectedId);
  const addressLoad = useLoadAddresses(user?._id ?? null);
  const [addressMissingTries, setAddressMissingTries] = useState(0);
  useDocumentTitle('Cart');
  // A product the shopper list does not hold: out of stock (the server still has it) or gone (404).
  const lookup = useCallback(
    (id: string) =>
      getProduct(id).catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }),
    [],
  );

  const count = cartCount(items);
  if (count === 0) {
    return (
      <div className="container page empty-state cart-empty">
        <h1 className="page-title">Your cart is empty!</h1>
        <p>Fresh fruits, vegetables and daily essentials are a tap away.</p>
        <Link to="/products" className="btn">
          Start Shopping
        </Link>
      </div>
    );
  }
  if (productsStatus === 'idle' || productsStatus === 'loading') return <Spinner label="Loading your cart" />;

  const title = (
    <h1 id="cart-title" className="page-title">
      Shopping Cart <span className="cart-page__count">({count} Items)</span>
    </h1>
  );
  // Without the product list no line can be priced or checked: an empty list here means "unknown", not "unavailable",
  // so the cart says it could not load them instead of asking the shopper to remove everything.
  if (productsStatus === 'error') {
    return (
      <div className="container page">
        <section className="cart-page__items" aria-labelledby="cart-title">
          {title}
          <LoadFailed what="the products in your cart" onRetry={refreshProducts} />
        </section>
      </div>
    );
  }

  const { lines, unavailable } = linesOf(items, products);
  const groups = groupByStore(lines);
  const itemsPaise = itemsTotal(lines.map((l) => ({ unitPricePaise: rupeesToPaise(l.product.offerPrice), quantity: l.quantity })));

  return (
    <div className="container page cart-page">
      <section className="cart-page__items" aria-labelledby="cart-title">
        {title}
        {groups.length > 1 ? (
          <p className="cart-stores-note" data-testid="cart-stores-note">
            Your cart has items from {groups.length} stores: they are delivered as {groups.length} orders, one per store,
            placed together in one checkout. The {formatRupees(paiseToRupees(PLATFORM_FEE_PAISE))} platform fee is charged
            once.
          </p>
        ) : null}
        {groups.map((group, i) => (
          <section key={group.store.id} className="cart-store" aria-labelledby={`cart-store-${group.store.id}`} data-testid="cart-store" data-store-id={group.store.id}>
            <h2 id={`cart-store-${group.store.id}`} className="cart-store__title">
              Sold by {group.store.storeName}
            </h2>
            <CartLines lines={group.lines} showHead={i === 0} />
          </section>
        ))}
        <UnavailableLines ids={unavailable} lookup={lookup} />
        <Link to="/products" className="cart-page__continue tap-target">
          <span aria-hidden="true">←</span> Continue Shopping
        </Link>
      </section>
      <CheckoutPanel
        lines={lines.map((l) => ({ product: l.product._id, quantity: l.quantity }))}
        itemsPaise={itemsPaise}
        addressId={selectedAddressId}
        isLoggedIn={user !== null}
        blockedReason={
          unavailable.length > 0
            ? `Remove the ${unavailable.length === 1 ? 'item' : `${unavailable.length} items`} not available now to place your order`
            : null
        }
        onLoginRequested={() => loginRequested('login')}
        onAddressMissing={() => setAddressMissingTries((n) => n + 1)}
        onOrderPlaced={orderPlaced}
        addressSlot={
          <AddressChooser
            isLoggedIn={user !== null}
            onLoginRequested={() => loginRequested('login')}
            onRetry={addressLoad.reload}
            missingTries={addressMissingTries}
          />
        }
      />
    </div>
  );
}
