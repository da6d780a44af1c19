import { z } from 'zod';
import { OrderDto } from './http/orders';
import { ProductDto } from './http/products';
import { StoreDto } from './http/stores';

/**
 * Server → client WebSocket messages (docs/architecture.md, "Live updates"). The client safeParses each frame with
 * `WsMessage` and ignores what it does not know.
 */
export const WsMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order.updated'), order: OrderDto }),
  z.object({ type: z.literal('order.created'), order: OrderDto }),
  z.object({ type: z.literal('product.updated'), product: ProductDto }),
  z.object({ type: z.literal('product.removed'), productId: z.string() }),
  z.object({ type: z.literal('payment.failed'), orderId: z.string(), message: z.string() }),
  /** A store's standing changed: sent to that store's own sessions and to the operator. */
  z.object({ type: z.literal('store.updated'), store: StoreDto }),
  z.object({ type: z.literal('hello'), role: z.enum(['user', 'seller', 'operator', 'visitor']) }),
]);
export type WsMessage = z.infer<typeof WsMessage>;

/** Who a live message is for; the hub delivers to exactly these sockets. */
export const Audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('user'), userId: z.string() }),
  /** One store's seller sessions. */
  z.object({ kind: z.literal('store'), sellerId: z.string() }),
  /** The platform operator's sessions. */
  z.object({ kind: z.literal('operators') }),
  /** An order's audience: its shopper, its store and the operator; no other store. */
  z.object({ kind: z.literal('order'), userId: z.string(), sellerId: z.string() }),
]);
export type Audience = z.infer<typeof Audience>;

/**
 * What travels on the Redis pub/sub channel between workers and every API process. `eventId` is the domain event
 * that caused it: a retried or duplicated job re-publishes the same id and the hub delivers it once.
 */
export const LiveEnvelope = z.object({ eventId: z.string().optional(), audience: Audience, message: WsMessage });
export type LiveEnvelope = z.infer<typeof LiveEnvelope>;

export const WS_CLOSE = {
  /** A frame the server does not accept (clients never need to send anything). */
  Unexpected: 4400,
  Unauthorized: 4401,
  ForbiddenOrigin: 4403,
  TooLarge: 1009,
} as const;
