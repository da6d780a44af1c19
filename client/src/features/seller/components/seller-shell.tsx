import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { SellerSelfDto } from '@core/contracts/http/account-replies';
import { BoxIcon, ChartIcon, ClipboardIcon, ListIcon, PlusIcon, StoreIcon } from '../../../components/ui/icons';
import { ShopLogoLink } from './shop-logo-link';
import { StoreStatusBanner } from './store-status-banner';
import './seller.css';

type SellerShellProps = {
  onLogout: () => void;
  /** Extra header content composed by the app (e.g. the live indicator). */
  children: ReactNode;
  newOrders: number;
  seller: SellerSelfDto;
};

const LINKS = [
  { to: '/seller', label: 'Add Product', icon: PlusIcon, end: true },
  { to: '/seller/product-list', label: 'Product List', icon: ListIcon, end: false },
  { to: '/seller/orders', label: 'Orders', icon: BoxIcon, end: false },
] as const;

/** The operator's pages, after the store's own: only the platform operator's account sees them. */
const OPERATOR_LINKS = [
  { to: '/seller/admin/stores', label: 'Stores', icon: StoreIcon, end: false },
  { to: '/seller/admin/orders', label: 'All Orders', icon: ClipboardIcon, end: false },
  { to: '/seller/admin/totals', label: 'Store Totals', icon: ChartIcon, end: false },
] as const;

export function SellerShell({ onLogout, children, newOrders, seller }: SellerShellProps) {
  return (
    <div className="seller-shell">
      <a href="#seller-main" className="skip-link">
        Skip to content
      </a>
      <header className="seller-header">
        <ShopLogoLink />
        <div className="seller-header__end">
          <p className="seller-header__store" data-testid="seller-store-name">
            {seller.storeName}
          </p>
          <p>Hi! {seller.name}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={onLogout}>
            Logout
          </button>
        </div>
      </header>
      <div className="seller-body">
        <nav className="seller-nav" aria-label="Seller">
          {LINKS.map(({ to, label, icon: Icon, end }) => (
            <NavLink key={to} to={to} end={end} className="seller-nav__link">
              <Icon size={22} />
              <span className="seller-nav__label">{label}</span>
              {to === '/seller/orders' && newOrders > 0 ? (
                <span className="seller-nav__badge" data-testid="seller-new-orders">
                  {newOrders}
                  <span className="visually-hidden"> new</span>
                </span>
              ) : null}
            </NavLink>
          ))}
          {seller.isOperator ? (
            <>
              <hr className="seller-nav__divider" />
              {OPERATOR_LINKS.map(({ to, label, icon: Icon, end }) => (
                <NavLink key={to} to={to} end={end} className="seller-nav__link">
                  <Icon size={22} />
                  <span className="seller-nav__label">{label}</span>
                </NavLink>
              ))}
            </>
          ) : null}
        </nav>
        <main id="seller-main" className="seller-main" tabIndex={-1}>
          <StoreStatusBanner seller={seller} />
          {children}
        </main>
      </div>
    </div>
  );
}
