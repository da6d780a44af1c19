import type { Config } from '../../infra/config';
import { keyGroup, type Redis } from '../../infra/redis';
import type { PaymentGateway } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { createSimulatedGateway, type SimulatedGateway } from './simulated-gateway';

/**
 * Razorpay when keys are configured, the simulated gateway otherwise (config.payments.gateway decides). The
 * simulated one keeps its records in Redis under the deployment's prefix, so API and workers share them.
 */
export function createPaymentGateway(config: Config, deps: { redis?: Redis }): PaymentGateway {
  const { payments } = config;
  if (payments.gateway === 'razorpay') return createRazorpayGateway({ keyId: payments.keyId, keySecret: payments.keySecret });
  return createSimulatedGateway({
    redis: deps.redis,
    keyGroup: keyGroup(config, 'simgw'),
    keyId: payments.keyId,
    keySecret: payments.keySecret,
    webhookSecret: payments.webhookSecret,
  });
}

export function isSimulated(gateway: PaymentGateway): gateway is SimulatedGateway {
  return gateway.name === 'simulated' && typeof (gateway as Partial<SimulatedGateway>).checkout === 'function';
}
