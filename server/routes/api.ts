import type { FastifyInstance } from 'fastify';
import addressRoutes from './api/address/index';
import cartRoutes from './api/cart/index';
import healthRoutes from './api/health/index';
import shopperOrderRoutes from './api/order/index';
import paymentOrderRoutes from './api/order/payment-routes';
import sellerOrderRoutes from './api/order/seller-routes';
import paymentRoutes from './api/payments/index';
import productRoutes from './api/product/index';
import sellerRoutes from './api/seller/index';
import userRoutes from './api/user/index';

/** Every /api resource, one folder each (the spec's call table, section 7). */
export default async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(productRoutes, { prefix: '/product' });
  await app.register(sellerRoutes, { prefix: '/seller' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(cartRoutes, { prefix: '/cart' });
  await app.register(addressRoutes, { prefix: '/address' });
  await app.register(shopperOrderRoutes, { prefix: '/order' });
  // The seller's board calls live beside the shopper's order routes, in their own file.
  await app.register(sellerOrderRoutes, { prefix: '/order' });
  // Online payment: create / verify / stripe under /order, the gateway's webhook and test checkout under /payments.
  await app.register(paymentOrderRoutes, { prefix: '/order' });
  await app.register(paymentRoutes, { prefix: '/payments' });
}
