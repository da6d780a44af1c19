import { NavLink } from 'react-router-dom';
import { BoxIcon, CartIcon, GridIcon, HomeIcon, PhoneIcon } from '../../components/ui/icons';
import { useSession } from '../../features/auth/stores/session-store';
import { cartCount, useCart } from '../../features/cart/stores/cart-store';

/** Small screens: Home, Products, Cart, and Orders when logged in (Contact otherwise). */
export function MobileBottomBar() {
  const loggedIn = useSession((s) => s.user !== null);
  const count = useCart((s) => cartCount(s.items));
  return (
    <nav className="bottom-bar" aria-label="Quick">
      <NavLink to="/" end>
        <HomeIcon />
        <span>Home</span>
      </NavLink>
      <NavLink to="/products">
        <GridIcon />
        <span>Products</span>
      </NavLink>
      <NavLink to="/cart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
        <span className="bottom-bar__icon">
          <CartIcon />
          {count > 0 ? (
            <span className="cart-badge" data-testid="cart-count-mobile" aria-hidden="true">
              {count}
            </span>
          ) : null}
        </span>
        <span aria-hidden="true">Cart</span>
      </NavLink>
      {loggedIn ? (
        <NavLink to="/my-orders">
          <BoxIcon />
          <span>Orders</span>
        </NavLink>
      ) : (
        <NavLink to="/contact">
          <PhoneIcon />
          <span>Contact</span>
        </NavLink>
      )}
    </nav>
  );
}
