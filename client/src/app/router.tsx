import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';

// Every route but the home page is split out, so the first visit loads only what the home page needs.
const AllProductsRoute = lazy(() => import('./routes/products').then((m) => ({ default: m.AllProductsRoute })));
const CategoryProductsRoute = lazy(() => import('./routes/products').then((m) => ({ default: m.CategoryProductsRoute })));
const ProductRoute = lazy(() => import('./routes/product-page').then((m) => ({ default: m.ProductRoute })));
const CartRoute = lazy(() => import('./routes/cart').then((m) => ({ default: m.CartRoute })));
const AddAddressRoute = lazy(() => import('./routes/add-address').then((m) => ({ default: m.AddAddressRoute })));
const MyOrdersRoute = lazy(() => import('./routes/my-orders').then((m) => ({ default: m.MyOrdersRoute })));
const LoaderRoute = lazy(() => import('./routes/loader').then((m) => ({ default: m.LoaderRoute })));
const ContactRoute = lazy(() => import('./routes/info-pages').then((m) => ({ default: m.ContactRoute })));
const AboutRoute = lazy(() => import('./routes/info-pages').then((m) => ({ default: m.AboutRoute })));
const FaqsRoute = lazy(() => import('./routes/info-pages').then((m) => ({ default: m.FaqsRoute })));
const PolicyRoute = lazy(() => import('./routes/info-pages').then((m) => ({ default: m.PolicyRoute })));
const SellerArea = lazy(() => import('./routes/seller/seller-area').then((m) => ({ default: m.SellerArea })));
const AddProductRoute = lazy(() => import('./routes/seller/seller-pages').then((m) => ({ default: m.AddProductRoute })));
const SellerProductListRoute = lazy(() =>
  import('./routes/seller/seller-pages').then((m) => ({ default: m.SellerProductListRoute })),
);
const SellerOrdersRoute = lazy(() => import('./routes/seller/seller-pages').then((m) => ({ default: m.SellerOrdersRoute })));

/** SPEC.md section 2, route for route; anything else goes home. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Should the layout itself fail, the message still shows (without navbar and footer).
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails to load or render shows its message inside the layout, navbar and footer intact.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'products', element: <AllProductsRoute /> },
          { path: 'products/:category', element: <CategoryProductsRoute /> },
          { path: 'products/:category/:id', element: <ProductRoute /> },
          { path: 'cart', element: <CartRoute /> },
          { path: 'add-address', element: <AddAddressRoute /> },
          { path: 'my-orders', element: <MyOrdersRoute /> },
          { path: 'loader', element: <LoaderRoute /> },
          { path: 'contact', element: <ContactRoute /> },
          { path: 'about', element: <AboutRoute /> },
          { path: 'faqs', element: <FaqsRoute /> },
          { path: 'policy/:policy', element: <PolicyRoute /> },
          {
            path: 'seller',
            element: <SellerArea />,
            children: [
              { index: true, element: <AddProductRoute /> },
              { path: 'product-list', element: <SellerProductListRoute /> },
              { path: 'orders', element: <SellerOrdersRoute /> },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
