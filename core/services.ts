import type { Config } from './infra/config';
import { createLogger, type Logger } from './infra/logger';
import { transactionsOf, type Db } from './infra/prisma';
import { keyGroup, type Redis } from './infra/redis';
import { createAccountRepository } from './modules/accounts/account-repository';
import { createAccountService } from './modules/accounts/account-service';
import { createLoginRateLimiter } from './modules/accounts/login-rate-limiter';
import { createPasswordHasher } from './modules/accounts/password';
import { createSessionRepository } from './modules/accounts/session-repository';
import { createRevocationPublisher } from './modules/accounts/session-revocations';
import { createSessionService } from './modules/accounts/session-service';
import { createCatalogRepository } from './modules/catalog/catalog-repository';
import { createCatalogService } from './modules/catalog/catalog-service';
import { createAddressRepository } from './modules/addresses/address-repository';
import { createAddressService } from './modules/addresses/address-service';
import { createCartRepository } from './modules/cart/cart-repository';
import { createCartService } from './modules/cart/cart-service';
import { createLivePublisher } from './modules/live/live-channel';
import { createOrderNews } from './modules/orders/order-news';
import { createOrderQueries } from './modules/orders/order-queries';
import { createOrderRepository } from './modules/orders/order-repository';
import { createOrderService } from './modules/orders/order-service';
import { createRetentionService } from './modules/maintenance/retention-service';
import { createOutboxMonitor } from './modules/outbox/outbox-monitor';
import { createOutboxRepository } from './modules/outbox/outbox-repository';
import type { PaymentGateway } from './modules/payments/payment-gateway';
import { createPaymentGateway, isSimulated } from './modules/payments/payment-gateway-factory';
import { createPaymentReconciler } from './modules/payments/payment-reconciler';
import { createPaymentRepository } from './modules/payments/payment-repository';
import { createPaymentService } from './modules/payments/payment-service';
import { createPaymentSettlement } from './modules/payments/payment-settlement';
import { createRefundRepository } from './modules/payments/refund-repository';
import { createRefundService } from './modules/payments/refund-service';
import { createSellerOrderRepository } from './modules/orders/seller-order-repository';
import { createSellerOrderService } from './modules/orders/seller-order-service';
import { createProductAdminRepository } from './modules/products/product-admin-repository';
import { createProductAdminService } from './modules/products/product-admin-service';
import { createSellerRepository } from './modules/sellers/seller-repository';
import { createSellerService } from './modules/sellers/seller-service';
import { createOperatorRepository } from './modules/operator/operator-repository';
import { createOperatorService } from './modules/operator/operator-service';
import { createStoreRepository } from './modules/stores/store-repository';
import { createStoreService } from './modules/stores/store-service';
import { createImageReferenceRepository } from './modules/uploads/image-reference-repository';
import { createImageStorage } from './modules/uploads/image-storage';
import { createImageSweeper } from './modules/uploads/image-sweep';

/**
 * Composition root for the domain services. Every service is built the same way, `createXService({ repo, ... })`
 * over narrow dependencies, and every transaction runs through the one `transaction` made here
 * (docs/architecture.md, "Services and transactions"). The API and the workers build the same services.
 */
export function createServices(deps: { config: Config; db: Db; redis?: Redis; paymentGateway?: PaymentGateway; logger?: Logger }) {
  const { config, db } = deps;
  const transaction = transactionsOf(db);
  // A revocation is published so every API process closes that session's sockets (session-revocations.ts).
  const sessions = createSessionService({
    repo: createSessionRepository(db),
    ttlMs: config.sessionTtlMs,
    cacheMs: config.sessionCacheMs,
    onRevoked: createRevocationPublisher(deps.redis, config.redisPrefix),
  });
  const catalog = createCatalogService({ repo: createCatalogRepository(db) });
  // One limiter for shopper and seller logins (separate scopes); without Redis it counts in memory.
  const loginLimiter = createLoginRateLimiter(deps.redis, { keyGroup: keyGroup(config, 'login') });
  const passwords = createPasswordHasher({ logN: config.passwordScryptLogN });
  const sellers = createSellerService({ repo: createSellerRepository(db), transaction, sessions, limiter: loginLimiter, passwords });
  // Stores and their standing, and the operator's reads across them.
  const stores = createStoreService({ repo: createStoreRepository(db), transaction, catalog });
  const operator = createOperatorService({ repo: createOperatorRepository(db) });
  const images = createImageStorage({ dir: config.uploadDir, maxBytes: config.maxImageBytes });
  const productAdmin = createProductAdminService({ repo: createProductAdminRepository(db), transaction, images, catalog });
  const logger = deps.logger ?? createLogger('silent', 'services');
  // Every API process sweeps the shared upload dir (server/plugins/image-sweeps.ts); it logs what it deletes.
  const imageSweeper = createImageSweeper({ repo: createImageReferenceRepository(db), dir: config.uploadDir, logger });
  // Order changes made here are announced as they commit; the orders worker announces them again from the outbox.
  const news = createOrderNews(deps.redis && createLivePublisher(deps.redis, config.redisPrefix), (err) =>
    logger.debug({ err: err.message }, 'live: an order change was not announced at once; the orders worker will announce it'),
  );
  const sellerOrders = createSellerOrderService({ repo: createSellerOrderRepository(db), transaction, news });
  // The shopper side: accounts (with the cart merge at login), cart, addresses, placing and reading orders.
  const cart = createCartService({ repo: createCartRepository(db), transaction });
  const accounts = createAccountService({ repo: createAccountRepository(db), sessions, cart, limiter: loginLimiter, passwords });
  const addresses = createAddressService({ repo: createAddressRepository(db), transaction });
  const orderRepo = createOrderRepository(db);
  const orders = createOrderService({
    repo: orderRepo,
    transaction,
    limits: { expiryMinutes: config.payments.expiryMinutes, maxUnpaidOrders: config.payments.maxUnpaidOrders },
    news,
  });
  const orderQueries = createOrderQueries({ repo: orderRepo });
  const outboxMonitor = createOutboxMonitor({ repo: createOutboxRepository(db) });
  // Online payment: Razorpay or the simulated gateway (config decides; tests may hand in one aimed at a fake API).
  const paymentGateway = deps.paymentGateway ?? createPaymentGateway(config, { redis: deps.redis });
  const paymentRepo = createPaymentRepository(db);
  const refunds = createRefundService({ repo: createRefundRepository(db), transaction, gateway: paymentGateway });
  const payments = createPaymentService({
    repo: paymentRepo,
    transaction,
    orders,
    accounts,
    stores,
    gateway: paymentGateway,
    webhookSecret: config.payments.webhookSecret,
    refunds,
    logGatewayError: (fields, message) => (fields.kind === 'rejected' ? logger.warn(fields, message) : logger.error(fields, message)),
  });
  // The simulated gateway sends its webhooks where Razorpay would: to the webhook handler, signed.
  if (isSimulated(paymentGateway) && config.payments.simulatedWebhooks) {
    paymentGateway.onWebhook((delivery) =>
      payments.receiveWebhook({ rawBody: delivery.body, signature: delivery.headers['x-razorpay-signature'], eventId: delivery.headers['x-razorpay-event-id'] }),
    );
  }
  const paymentSettlement = createPaymentSettlement({ repo: paymentRepo, transaction, orders, gateway: paymentGateway, keySecret: config.payments.keySecret });
  const paymentReconciler = createPaymentReconciler({
    repo: paymentRepo,
    orders,
    gateway: paymentGateway,
    settlement: paymentSettlement,
    refunds,
    payments: config.payments,
    // Only the worker role runs the reconciler; it hands in its logger.
    logger,
  });
  const retention = createRetentionService({ outbox: outboxMonitor, sessions, payments, retention: config.retention });
  return {
    retention,
    sessions,
    catalog,
    loginLimiter,
    passwords,
    sellers,
    stores,
    operator,
    productAdmin,
    imageSweeper,
    sellerOrders,
    cart,
    accounts,
    addresses,
    orders,
    orderQueries,
    outboxMonitor,
    paymentGateway,
    payments,
    paymentSettlement,
    paymentReconciler,
    refunds,
  };
}
export type Services = ReturnType<typeof createServices>;
