import type { UserDto } from '@core/contracts/http/account-replies';
import { LoginBody, RegisterBody } from '@core/contracts/http/accounts';
import { Modal } from '../../../components/ui/modal';
import { EmailField, FormField, PasswordField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
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
  const isRegister = mode === 'register';
  const form = useZodForm({
    initial: { name: '', email: '', password: '' },
    schema: isRegister ? RegisterBody : LoginBody,
    toInput: ({ name, email, password }) => (isRegister ? { name, email, password } : { email, password }),
    onSubmit: async (_checked, { name, email, password }) => {
      const cartItems = localCart();
      const reply = isRegister ? await register({ name, email, password, cartItems }) : await login({ email, password, cartItems });
      if (reply.message) toast.success(reply.message);
      form.setValue('password', '');
      modalClosed();
      onAuthenticated(reply.user);
    },
  });
  const { busy } = form;

  // A closed modal keeps no password: on a shared device the next person to open it must not find one waiting.
  function close() {
    form.setValue('password', '');
    modalClosed();
  }

  function switchTo(next: 'login' | 'register') {
    form.clearErrors();
    modeSwitched(next);
  }

  const title = isRegister ? 'Sign Up' : 'Login';

  return (
    <Modal open={open} onClose={close} label={`User ${title}`} className="login-modal" testId="login-modal">
      <form className="login-form" onSubmit={form.handleSubmit} noValidate>
        <h2 className="login-form__title">
          <span className="accent">User</span> {title}
        </h2>
        {isRegister ? (
          <FormField label="Name" autoComplete="name" required placeholder="Your name" {...form.field('name')} />
        ) : null}
        <EmailField autoComplete="email" placeholder="you@example.com" {...form.field('email')} />
        <PasswordField
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          placeholder={isRegister ? 'At least 8 characters' : 'Your password'}
          {...form.field('password')}
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
        <button type="button" className="login-form__close" aria-label="Close" onClick={close}>
          ×
        </button>
      </form>
    </Modal>
  );
}
