import type { FastifyInstance } from 'fastify';
import addressRoutes from './api/address/index';
import adminRoutes from './api/admin/index';
import cartRoutes from './api/cart/index';
import healthRoutes from './api/health/index';
import { requireErrorReplies } from './api/error-replies';
import { acceptJsonOnly } from './api/json-only';
import shopperOrderRoutes from './api/order/index';
import paymentOrderRoutes from './api/order/payment-routes';
import sellerOrderRoutes from './api/order/seller-routes';
import paymentRoutes from './api/payments/index';
import productRoutes from './api/product/index';
import sellerRoutes from './api/seller/index';
import storeRoutes from './api/store/index';
import userRoutes from './api/user/index';

/** Every /api resource, one folder each. */
export default async function apiRoutes(app: FastifyInstance) {
  requireErrorReplies(app);
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(storeRoutes, { prefix: '/store' });
  // Product routes take the seller's multipart upload; everything else takes JSON bodies only (415 otherwise).
  await app.register(productRoutes, { prefix: '/product' });
  await app.register(async (json) => {
    acceptJsonOnly(json);
    await json.register(sellerRoutes, { prefix: '/seller' });
    await json.register(adminRoutes, { prefix: '/admin' });
    await json.register(userRoutes, { prefix: '/user' });
    await json.register(cartRoutes, { prefix: '/cart' });
    await json.register(addressRoutes, { prefix: '/address' });
    await json.register(shopperOrderRoutes, { prefix: '/order' });
    // The seller's board calls live beside the shopper's order routes, in their own file.
    await json.register(sellerOrderRoutes, { prefix: '/order' });
    // Online payment: create / verify / stripe under /order, the gateway's webhook and test checkout under /payments.
    await json.register(paymentOrderRoutes, { prefix: '/order' });
    await json.register(paymentRoutes, { prefix: '/payments' });
  });
}
