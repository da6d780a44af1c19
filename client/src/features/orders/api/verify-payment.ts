import type { VerifyBody } from '@core/contracts/http/payments';
import { api } from '../../../lib/api-client';
import { MessageReply } from '@core/contracts/http/common-replies';

/** Hands the checkout's response to the server; verification finishes in a worker and the order flips live. */
export function verifyPayment(body: VerifyBody) {
  return api.post('/api/order/razorpay/verify', MessageReply, { body });
}
