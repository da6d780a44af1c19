import type { Config } from './infra/config';
import type { Db } from './infra/prisma';
import type { Redis } from './infra/redis';
import { createAccountRepository } from './modules/accounts/account-repository';
import { createAccountService } from './modules/accounts/account-service';
import { createLoginRateLimiter } from './modules/accounts/login-rate-limiter';
import { createPasswordHasher } from './modules/accounts/password';
import { createSessionService } from './modules/accounts/session-service';
import { createCatalogRepository } from './modules/catalog/catalog-repository';
import { createCatalogService } from './modules/catalog/catalog-service';
import { createAddressRepository } from './modules/addresses/address-repository';
import { createAddressService } from './modules/addresses/address-service';
import { createCartRepository } from './modules/cart/cart-repository';
import { createCartService } from './modules/cart/cart-service';
import { createOrderQueries } from './modules/orders/order-queries';
import { createOrderRepository } from './modules/orders/order-repository';
import { createOrderService } from './modules/orders/order-service';
import type { PaymentGateway } from './modules/payments/payment-gateway';
import { createPaymentGateway } from './modules/payments/payment-gateway-factory';
import { createPaymentRepository } from './modules/payments/payment-repository';
import { createPaymentService } from './modules/payments/payment-service';
import { createPaymentSettlement } from './modules/payments/payment-settlement';
import { createSellerOrderRepository } from './modules/orders/seller-order-repository';
import { createSellerOrderService } from './modules/orders/seller-order-service';
import { createProductAdminRepository } from './modules/products/product-admin-repository';
import { createProductAdminService } from './modules/products/product-admin-service';
import { createSellerRepository } from './modules/sellers/seller-repository';
import { createSellerService } from './modules/sellers/seller-service';
import { createImageStorage } from './modules/uploads/image-storage';

/**
 * Composition root for the domain services. Services are plain factories over narrow dependencies, so the API and
 * the workers build the same ones.
 */
export function createServices(deps: { config: Config; db: Db; redis?: Redis; paymentGateway?: PaymentGateway }) {
  const { config, db } = deps;
  const sessions = createSessionService(db, { ttlMs: config.sessionTtlMs, cacheMs: config.sessionCacheMs });
  const catalog = createCatalogService(createCatalogRepository(db));
  // One limiter for shopper and seller logins (separate scopes); without Redis it counts in memory.
  const loginLimiter = createLoginRateLimiter(deps.redis, { prefix: config.redisPrefix });
  const passwords = createPasswordHasher({ logN: config.passwordScryptLogN });
  const sellers = createSellerService({ repo: createSellerRepository(db), sessions, limiter: loginLimiter, passwords });
  const images = createImageStorage({ dir: config.uploadDir, maxBytes: config.maxImageBytes });
  const productAdmin = createProductAdminService({ db, repo: createProductAdminRepository(db), images, catalog });
  const sellerOrders = createSellerOrderService({ db, repo: createSellerOrderRepository(db) });
  // The shopper side: accounts (with the cart merge at login), cart, addresses, placing and reading orders.
  const cart = createCartService(createCartRepository(db));
  const accounts = createAccountService({ repo: createAccountRepository(db), sessions, cart, limiter: loginLimiter, passwords });
  const addresses = createAddressService(createAddressRepository(db));
  const orders = createOrderService({ repo: createOrderRepository(db) });
  const orderQueries = createOrderQueries(db);
  // Online payment: Razorpay or the simulated gateway (config decides; tests may hand in one aimed at a fake API).
  const paymentGateway = deps.paymentGateway ?? createPaymentGateway(config, { redis: deps.redis });
  const paymentRepo = createPaymentRepository(db);
  const payments = createPaymentService({
    repo: paymentRepo,
    orders,
    gateway: paymentGateway,
    webhookSecret: config.payments.webhookSecret,
    // Checkout closes two minutes before the reconciler would expire the order, so a late payment cannot race it.
    checkoutTimeoutSeconds: Math.max(60, config.payments.expiryMinutes * 60 - 120),
  });
  const paymentSettlement = createPaymentSettlement({ repo: paymentRepo, gateway: paymentGateway, keySecret: config.payments.keySecret });
  return {
    sessions,
    catalog,
    loginLimiter,
    passwords,
    sellers,
    productAdmin,
    sellerOrders,
    cart,
    accounts,
    addresses,
    orders,
    orderQueries,
    paymentGateway,
    payments,
    paymentSettlement,
  };
}
export type Services = ReturnType<typeof createServices>;
