import { z } from 'zod/mini';
import { OrderDto } from './http/order-replies';
import { ProductDto } from './http/product-replies';
import { StoreDto } from './http/store-replies';

/** How often a visible page pings, in ms (server/ws/ping-cadence.ts). */
const PingEveryMs = z.int().check(z.gte(250), z.lte(60_000));

/**
 * Server → client WebSocket messages (docs/architecture.md, "Live updates"). The client safeParses each frame with
 * `WsMessage` and ignores what it does not know.
 */
export const WsMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order.updated'), order: OrderDto }),
  z.object({ type: z.literal('order.created'), order: OrderDto }),
  z.object({ type: z.literal('product.updated'), product: ProductDto }),
  /** Gone for shoppers (deleted, or its store does not sell now) as of the product's `version`. */
  z.object({ type: z.literal('product.removed'), productId: z.string(), version: z.int() }),
  z.object({ type: z.literal('payment.failed'), orderId: z.string(), message: z.string() }),
  /** A store's standing changed: sent to that store's own sessions and to the operator. */
  z.object({ type: z.literal('store.updated'), store: StoreDto }),
  /**
   * The socket is registered: deliveries start. `pingEveryMs`: how often the page should ping while visible (every
   * second unless the process is busy; a `heartbeat` message changes it later). A page without it pings every second.
   */
  z.object({ type: z.literal('hello'), role: z.enum(['user', 'seller', 'operator', 'visitor']), pingEveryMs: z.optional(PingEveryMs) }),
  /** The process's ping cadence changed (it filled or emptied): from now the page pings this often while visible. */
  z.object({ type: z.literal('heartbeat'), pingEveryMs: PingEveryMs }),
  /** The answer to the client's `ping`, echoing its `id`. */
  z.object({ type: z.literal('pong'), id: z.int() }),
  /**
   * Messages for this socket may have been lost (the process lost its Redis subscription for a while, though the socket
   * stayed open): the page fetches its snapshots again, as after a reconnect.
   */
  z.object({ type: z.literal('resync') }),
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
export const LiveEnvelope = z.object({ eventId: z.optional(z.string()), audience: Audience, message: WsMessage });
export type LiveEnvelope = z.infer<typeof LiveEnvelope>;

/**
 * An envelope's address and kind, read before the rest: an API process checks the whole envelope only when the
 * message concerns it (one of its sockets is in the audience, or it keeps something the message changes).
 */
export const LiveEnvelopeHead = z.object({ audience: Audience, message: z.object({ type: z.string() }) });
export type LiveEnvelopeHead = z.infer<typeof LiveEnvelopeHead>;

/**
 * Client → server: the only frame a client may send. The client's heartbeat: a socket whose pongs stop is silent
 * (a dead proxy or peer can take minutes to close it), so the page says offline and reconnects. `id` counts up.
 */
export const WsClientMessage = z.strictObject({ type: z.literal('ping'), id: z.int().check(z.nonnegative()) });
export type WsClientMessage = z.infer<typeof WsClientMessage>;

export const WS_CLOSE = {
  /** A frame the server does not accept (a client sends `ping` and nothing else). */
  Unexpected: 4400,
  Unauthorized: 4401,
  ForbiddenOrigin: 4403,
  TooLarge: 1009,
} as const;
