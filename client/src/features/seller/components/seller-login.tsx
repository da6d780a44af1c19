import { useNavigate } from 'react-router-dom';
import { SellerLoginBody } from '@core/contracts/http/accounts';
import { EmailField, PasswordField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
import { sellerLogin } from '../api/seller-session';
import { useSellerSession } from '../stores/seller-session-store';
import './seller.css';

export function SellerLogin() {
  const sellerLoggedIn = useSellerSession((s) => s.sellerLoggedIn);
  const navigate = useNavigate();
  const form = useZodForm({
    initial: { email: '', password: '' },
    schema: SellerLoginBody,
    onSubmit: async (credentials) => {
      const reply = await sellerLogin(credentials);
      if (reply.message) toast.success(reply.message);
      sellerLoggedIn();
      navigate('/seller');
    },
  });

  return (
    <main className="seller-login">
      <form className="seller-login__form" onSubmit={form.handleSubmit} noValidate aria-labelledby="seller-login-title">
        <h1 id="seller-login-title" className="seller-login__title">
          <span className="accent">Seller</span> Login
        </h1>
        <EmailField autoComplete="username" placeholder="seller@example.com" {...form.field('email')} />
        <PasswordField autoComplete="current-password" placeholder="Your password" {...form.field('password')} />
        <button type="submit" className="btn btn--block" disabled={form.busy}>
          {form.busy ? 'Please wait…' : 'Login'}
        </button>
      </form>
    </main>
  );
}
