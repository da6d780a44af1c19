import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SellerLoginBody } from '@core/contracts/http/accounts';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { sellerLogin } from '../api/seller-session';
import { useSellerSession } from '../stores/seller-session-store';
import './seller.css';

export function SellerLogin() {
  const sellerLoggedIn = useSellerSession((s) => s.sellerLoggedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SellerLoginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = await sellerLogin(parsed.data);
      if (reply.message) toast.success(reply.message);
      sellerLoggedIn();
      navigate('/seller');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="seller-login">
      <form className="seller-login__form" onSubmit={submit} noValidate aria-labelledby="seller-login-title">
        <h1 id="seller-login-title" className="seller-login__title">
          <span className="accent">Seller</span> Login
        </h1>
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="seller@example.com"
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="Your password"
        />
        <button type="submit" className="btn btn--block" disabled={busy}>
          {busy ? 'Please wait…' : 'Login'}
        </button>
      </form>
    </main>
  );
}
