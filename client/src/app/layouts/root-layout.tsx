import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { Toaster } from '../../components/ui/toast/toaster';
import { useSession } from '../../features/auth/stores/session-store';
import { useCart, visitorItems } from '../../features/cart/stores/cart-store';
import { LiveIndicator } from '../../features/live/components/live-indicator';
import { TestModeBanner } from '../../features/store/components/test-mode-banner';
import { reportStockCaps } from '../cart-sync';
import { Footer } from './footer';
import { MobileBottomBar } from './mobile-bottom-bar';
import { Navbar } from './navbar';
import { OnDemandLoginModal, OnDemandTestCheckoutModal } from './on-demand-modals';
import './layout.css';

/** Navbar, footer and bottom bar everywhere except on seller paths; the test-mode banner everywhere. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sellerPath = pathname.includes('seller');

  const page = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );

  return (
    <>
      <TestModeBanner />
      {sellerPath ? (
        page
      ) : (
        <div className="app-shell has-bottom-bar">
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <Navbar />
          <main id="main" className="app-main" tabIndex={-1}>
            {page}
          </main>
          <Footer />
          <MobileBottomBar />
        </div>
      )}
      <OnDemandLoginModal
        // A cart a user left (the session check could not reach the server) is already theirs on the server: sent
        // again it would be merged into itself.
        localCart={() => visitorItems(useCart.getState())}
        onAuthenticated={(user) => {
          // The merged cart (it already holds this browser's) before the user: the cart sync, which saves a cart with
          // unsaved changes once a user appears, then has nothing to send. The merge caps each line at its stock, so
          // the shopper hears of a line that came back smaller.
          reportStockCaps(visitorItems(useCart.getState()), user.cartItems);
          useCart.getState().cartReplaced(user.cartItems, user._id);
          useSession.getState().userLoggedIn(user);
          // Logging in to check out keeps the shopper at the checkout; elsewhere the home page.
          if (pathname !== '/cart') navigate('/');
          // The Login button that opened the modal is gone now: focus the page, not the body.
          requestAnimationFrame(() => document.getElementById('main')?.focus());
        }}
      />
      <OnDemandTestCheckoutModal />
      <LiveIndicator />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
