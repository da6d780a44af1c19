import { SimulatedCheckoutReply } from '@core/contracts/http/payments';
import { api } from '../../../lib/api-client';

/** The simulated gateway's test checkout: the shopper chooses the outcome (docs/architecture.md, "Payments"). */
export function simulatedCheckout(gatewayOrderId: string, outcome: 'success' | 'failure') {
  return api.post('/api/payments/simulated/checkout', SimulatedCheckoutReply, { body: { gatewayOrderId, outcome } });
}
