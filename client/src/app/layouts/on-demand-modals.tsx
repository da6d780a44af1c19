import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useLoginModal } from '../../features/auth/stores/login-modal-store';
import { useTestCheckout } from '../../features/orders/stores/test-checkout-store';

// The login form (with its validation schemas) and the test-mode checkout are code the home page never shows until
// asked, so they are fetched the first time they open and the first page load stays small.
const LoginModal = lazy(() => import('../../features/auth/components/login-modal').then((m) => ({ default: m.LoginModal })));
const TestCheckoutModal = lazy(() =>
  import('../../features/orders/components/test-checkout-modal').then((m) => ({ default: m.TestCheckoutModal })),
);

/** True from the first time `open` is true: once loaded, the modal stays mounted and opens and closes as before. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function OnDemandLoginModal(props: ComponentProps<typeof LoginModal>) {
  const opened = useOpenedOnce(useLoginModal((s) => s.open));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal {...props} />
    </Suspense>
  );
}

export function OnDemandTestCheckoutModal() {
  const opened = useOpenedOnce(useTestCheckout((s) => s.checkout !== null));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <TestCheckoutModal />
    </Suspense>
  );
}
