import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import logo from '../../assets/logo.svg';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../../components/ui/icons';
import { useLoginModal } from '../../features/auth/stores/login-modal-store';
import { useSession } from '../../features/auth/stores/session-store';
import { cartCount, useCart } from '../../features/cart/stores/cart-store';
import { useSearch } from '../../features/products/stores/search-store';
import { useLogout } from '../hooks/use-logout';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'All Products', end: false },
  { to: '/about', label: 'About', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

/** `onTypedToResults`: typing here is about to open /products, where the results are. */
export function SearchBox({ id, className, onTypedToResults }: { id: string; className?: string; onTypedToResults?: () => void }) {
  const query = useSearch((s) => s.query);
  const queryTyped = useSearch((s) => s.queryTyped);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <form
      role="search"
      className={`search-box ${className ?? ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (pathname !== '/products') navigate('/products');
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search products"
        value={query}
        autoComplete="off"
        onChange={(e) => {
          queryTyped(e.target.value);
          if (e.target.value.length > 0 && pathname !== '/products') {
            onTypedToResults?.();
            navigate('/products');
          }
        }}
      />
      <SearchIcon size={18} />
    </form>
  );
}

function ProfileMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const logoutUser = useLogout();
  const name = useSession((s) => s.user?.name ?? '');

  useEffect(() => {
    if (!open) return;
    function onPointer(e: PointerEvent) {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key !== 'Escape') return;
      // Escape closes the menu and gives focus back to its button, where the keyboard user left off.
      setOpen(false);
      button.current?.focus();
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="profile-menu" ref={ref}>
      <button
        ref={button}
        type="button"
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls="profile-menu-list"
        aria-label={`Account menu for ${name}`}
        data-testid="profile-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon size={20} />
      </button>
      {open ? (
        <ul id="profile-menu-list" className="profile-menu__list">
          <li className="profile-menu__name">{name}</li>
          <li>
            <Link to="/my-orders" onClick={() => setOpen(false)}>
              My Orders
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void logoutUser();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

export function Navbar() {
  const user = useSession((s) => s.user);
  const count = useCart((s) => cartCount(s.items));
  const loginRequested = useLoginModal((s) => s.loginRequested);
  const logoutUser = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Set when typing in the menu's search box opens /products: the shopper is still typing there, so the menu stays.
  const typedToResults = useRef(false);

  // Any other move to another page closes the menu: its links have done their job.
  useEffect(() => {
    if (!typedToResults.current) setMenuOpen(false);
    typedToResults.current = false;
  }, [pathname]);

  return (
    <header className="navbar">
      <div className="navbar__inner container">
        <Link to="/" className="navbar__logo">
          <img src={logo} alt="FreshCart home" width={132} height={36} />
        </Link>

        <nav className="navbar__links" aria-label="Main">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <SearchBox id="navbar-search" className="navbar__search" />

        <div className="navbar__end">
          {/* Where the navbar has no room for the search box: one tap to the product search, focused. */}
          <Link to="/products" state={{ focusSearch: true }} className="navbar__search-link" aria-label="Search products">
            <SearchIcon size={22} />
          </Link>
          <Link to="/cart" className="navbar__cart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
            <CartIcon size={24} />
            <span className="cart-badge" data-testid="cart-count" aria-hidden="true">
              {count}
            </span>
          </Link>
          {user ? (
            <ProfileMenu />
          ) : (
            <button type="button" className="btn navbar__login" onClick={() => loginRequested('login')}>
              Login
            </button>
          )}
          <button
            type="button"
            className="navbar__menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
          <SearchBox id="mobile-search" onTypedToResults={() => (typedToResults.current = true)} />
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end}>
              {l.label}
            </NavLink>
          ))}
          {user ? <NavLink to="/my-orders">My Orders</NavLink> : null}
          {user ? (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => {
                // Logout goes home, which may be this very page: no path change would close the menu.
                setMenuOpen(false);
                void logoutUser();
              }}
            >
              Logout
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => {
                setMenuOpen(false);
                loginRequested('login');
              }}
            >
              Login
            </button>
          )}
        </nav>
      ) : null}
    </header>
  );
}
