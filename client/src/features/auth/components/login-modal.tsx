import { useState, type FormEvent } from 'react';
import type { UserDto } from '@core/contracts/http/accounts';
import { LoginBody, RegisterBody } from '@core/contracts/http/accounts';
import { Modal } from '../../../components/ui/modal';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { login } from '../api/login';
import { register } from '../api/register';
import { useLoginModal } from '../stores/login-modal-store';
import './login-modal.css';

type LoginModalProps = {
  /** The visitor's local cart, sent with login/register so the server merges it. */
  localCart: () => Record<string, number>;
  onAuthenticated: (user: UserDto) => void;
};

export function LoginModal({ localCart, onAuthenticated }: LoginModalProps) {
  const open = useLoginModal((s) => s.open);
  const mode = useLoginModal((s) => s.mode);
  const modalClosed = useLoginModal((s) => s.modalClosed);
  const modeSwitched = useLoginModal((s) => s.modeSwitched);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const isRegister = mode === 'register';

  function switchTo(next: 'login' | 'register') {
    setErrors({});
    modeSwitched(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = isRegister ? RegisterBody.safeParse({ name, email, password }) : LoginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const cartItems = localCart();
      const reply = isRegister
        ? await register({ name, email, password, cartItems })
        : await login({ email, password, cartItems });
      if (reply.message) toast.success(reply.message);
      setPassword('');
      modalClosed();
      onAuthenticated(reply.user);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const title = isRegister ? 'Sign Up' : 'Login';

  return (
    <Modal open={open} onClose={modalClosed} label={`User ${title}`} className="login-modal" testId="login-modal">
      <form className="login-form" onSubmit={submit} noValidate>
        <h2 className="login-form__title">
          <span className="accent">User</span> {title}
        </h2>
        {isRegister ? (
          <FormField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Your name"
          />
        ) : null}
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={isRegister ? 'At least 8 characters' : 'Your password'}
        />
        <p className="login-form__switch">
          {isRegister ? 'Already have an account? ' : 'New to FreshCart? '}
          <button type="button" className="link-button" onClick={() => switchTo(isRegister ? 'login' : 'register')}>
            {isRegister ? 'Login here' : 'Create an account'}
          </button>
        </p>
        <button type="submit" className="btn btn--block" disabled={busy}>
          {busy ? 'Please wait…' : isRegister ? 'Create Account' : 'Login'}
        </button>
        <button type="button" className="login-form__close" aria-label="Close" onClick={modalClosed}>
          ×
        </button>
      </form>
    </Modal>
  );
}
