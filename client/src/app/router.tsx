import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';
import { keyFreshEntry } from './scroll-key';

/** A route component from a chunk of its own, loaded when the route is first visited. */
function lazyRoute<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

// Every route but the home page is split out, so the first visit loads only what the home page needs.
const AllProductsRoute = lazyRoute(() => import('./routes/products'), 'AllProductsRoute');
const CategoryProductsRoute = lazyRoute(() => import('./routes/products'), 'CategoryProductsRoute');
const ProductRoute = lazyRoute(() => import('./routes/product-page'), 'ProductRoute');
const CartRoute = lazyRoute(() => import('./routes/cart'), 'CartRoute');
const AddAddressRoute = lazyRoute(() => import('./routes/add-address'), 'AddAddressRoute');
const MyOrdersRoute = lazyRoute(() => import('./routes/my-orders'), 'MyOrdersRoute');
const LoaderRoute = lazyRoute(() => import('./routes/loader'), 'LoaderRoute');
const ContactRoute = lazyRoute(() => import('./routes/info-pages'), 'ContactRoute');
const AboutRoute = lazyRoute(() => import('./routes/info-pages'), 'AboutRoute');
const FaqsRoute = lazyRoute(() => import('./routes/info-pages'), 'FaqsRoute');
const PolicyRoute = lazyRoute(() => import('./routes/info-pages'), 'PolicyRoute');
const SellerArea = lazyRoute(() => import('./routes/seller/seller-area'), 'SellerArea');
const AddProductRoute = lazyRoute(() => import('./routes/seller/seller-pages'), 'AddProductRoute');
const SellerProductListRoute = lazyRoute(() => import('./routes/seller/seller-pages'), 'SellerProductListRoute');
const SellerOrdersRoute = lazyRoute(() => import('./routes/seller/seller-pages'), 'SellerOrdersRoute');
const EditProductRoute = lazyRoute(() => import('./routes/seller/seller-pages'), 'EditProductRoute');
const SellerRegisterRoute = lazyRoute(() => import('./routes/seller/seller-register'), 'SellerRegisterRoute');
const AdminStoresRoute = lazyRoute(() => import('./routes/seller/operator-pages'), 'AdminStoresRoute');
const AdminOrdersRoute = lazyRoute(() => import('./routes/seller/operator-pages'), 'AdminOrdersRoute');
const AdminTotalsRoute = lazyRoute(() => import('./routes/seller/operator-pages'), 'AdminTotalsRoute');
const NotFoundRoute = lazyRoute(() => import('./routes/not-found'), 'NotFoundRoute');
const OrderPlacedRoute = lazyRoute(() => import('./routes/order-placed'), 'OrderPlacedRoute');

keyFreshEntry();

/** Every route of the store; anything else is a not-found page with ways back (not a silent redirect). */
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
          { path: 'order-placed', element: <OrderPlacedRoute /> },
          { path: 'loader', element: <LoaderRoute /> },
          { path: 'contact', element: <ContactRoute /> },
          { path: 'about', element: <AboutRoute /> },
          { path: 'faqs', element: <FaqsRoute /> },
          { path: 'policy/:policy', element: <PolicyRoute /> },
          { path: 'seller/register', element: <SellerRegisterRoute /> },
          {
            path: 'seller',
            element: <SellerArea />,
            children: [
              { index: true, element: <AddProductRoute /> },
              { path: 'product-list', element: <SellerProductListRoute /> },
              { path: 'product-list/:id/edit', element: <EditProductRoute /> },
              { path: 'orders', element: <SellerOrdersRoute /> },
              { path: 'admin/stores', element: <AdminStoresRoute /> },
              { path: 'admin/orders', element: <AdminOrdersRoute /> },
              { path: 'admin/totals', element: <AdminTotalsRoute /> },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
