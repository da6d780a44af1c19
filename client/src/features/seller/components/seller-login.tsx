import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SellerLoginBody } from '@core/contracts/http/accounts';
import { EmailField, PasswordField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
import { isSeller, sellerLogin } from '../api/seller-session';
import { useSellerSession } from '../stores/seller-session-store';
import { ShopLogoLink } from './shop-logo-link';
import './seller.css';

/** Whether a path is a page of the seller area, the only place a login here may lead. */
function isSellerPage(pathname: string): boolean {
  return pathname === '/seller' || pathname.startsWith('/seller/');
}

export function SellerLogin() {
  const sellerLoggedIn = useSellerSession((s) => s.sellerLoggedIn);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const form = useZodForm({
    initial: { email: '', password: '' },
    schema: SellerLoginBody,
    onSubmit: async (credentials) => {
      const reply = await sellerLogin(credentials);
      // The login answers with a message only; the store's name and standing come from "who am I?".
      const seller = await isSeller();
      if (!seller) throw new Error('Logged in, but the session did not stick. Check that cookies are allowed and try again.');
      if (reply.message) toast.success(reply.message);
      sellerLoggedIn(seller);
      // The login shows in place of the seller page that was asked for, so that page is where the seller lands;
      // anywhere else, the seller area's first page.
      if (!isSellerPage(pathname)) navigate('/seller');
    },
  });

  return (
    <main className="seller-login">
      <ShopLogoLink />
      <form className="seller-login__form" onSubmit={form.handleSubmit} noValidate aria-labelledby="seller-login-title">
        <h1 id="seller-login-title" className="seller-login__title">
          <span className="accent">Seller</span> Login
        </h1>
        <EmailField autoComplete="username" placeholder="seller@example.com" {...form.field('email')} />
        <PasswordField autoComplete="current-password" placeholder="Your password" {...form.field('password')} />
        <button type="submit" className="btn btn--block" disabled={form.busy}>
          {form.busy ? 'Please wait…' : 'Login'}
        </button>
        <p className="seller-login__switch">
          New to FreshCart? <Link to="/seller/register">Register your store</Link>
        </p>
      </form>
    </main>
  );
}
