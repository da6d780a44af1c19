import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import { BoxIcon, CartIcon, GridIcon, HomeIcon, PhoneIcon } from '../../components/ui/icons';
import { useSession } from '../../features/auth/stores/session-store';
import { cartCount, useCart } from '../../features/cart/stores/cart-store';

/** One icon-and-word link of the bar. */
function BarLink({ to, end, Icon, label }: { to: string; end?: boolean; Icon: ComponentType; label: string }) {
  return (
    <NavLink to={to} end={end}>
      <Icon />
      <span>{label}</span>
    </NavLink>
  );
}

/** Small screens: Home, Products, Cart, and Orders when logged in (Contact otherwise). */
export function MobileBottomBar() {
  const loggedIn = useSession((s) => s.user !== null);
  const count = useCart((s) => cartCount(s.items));
  return (
    <nav className="bottom-bar" aria-label="Quick">
      <BarLink to="/" end Icon={HomeIcon} label="Home" />
      <BarLink to="/products" Icon={GridIcon} label="Products" />
      <NavLink to="/cart">
        <span className="bottom-bar__icon">
          <CartIcon />
          {count > 0 ? (
            <span className="cart-badge" data-testid="cart-count-mobile" aria-hidden="true">
              {count}
            </span>
          ) : null}
        </span>
        {/* Named by its content (not aria-label) so the name starts with the visible word, as speech input expects. */}
        <span>Cart</span>
        <span className="visually-hidden">{`, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
      </NavLink>
      {loggedIn ? <BarLink to="/my-orders" Icon={BoxIcon} label="Orders" /> : <BarLink to="/contact" Icon={PhoneIcon} label="Contact" />}
    </nav>
  );
}
