import { z } from 'zod/mini';
import { OrderDto } from './http/order-replies';
import { StoreStatus } from './http/store-replies';

/**
 * Domain events: `<entity>.<past_tense>`, written to the outbox in the transaction that causes them and relayed to
 * the queue named here. Envelope `{ eventId, occurredAt, version: 1, data }`; job id = event id.
 */
export const EventName = {
  OrderPlaced: 'order.placed',
  OrderStatusChanged: 'order.status_changed',
  PaymentSubmitted: 'payment.submitted',
  PaymentVerified: 'payment.verified',
  PaymentFailed: 'payment.failed',
  RefundRequested: 'refund.requested',
  RefundUpdated: 'refund.updated',
  StockChanged: 'stock.changed',
  ProductRemoved: 'product.removed',
  StoreStatusChanged: 'store.status_changed',
} as const;
export type EventName = (typeof EventName)[keyof typeof EventName];

export const QueueName = { Orders: 'orders', Payments: 'payments', Stock: 'stock' } as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const QUEUE_OF: Record<EventName, QueueName> = {
  'order.placed': 'orders',
  'order.status_changed': 'orders',
  'payment.submitted': 'payments',
  'payment.verified': 'payments',
  'payment.failed': 'payments',
  'refund.requested': 'payments',
  'refund.updated': 'orders',
  'stock.changed': 'stock',
  'product.removed': 'stock',
  // With the catalogue's own events: a store's standing decides what shoppers can buy.
  'store.status_changed': 'stock',
};

/** The payload of each event; the processors parse job data with these. */
export const EventData = {
  /** `order` is the order as placed, for the sellers' live board; events written before it existed lack it. */
  'order.placed': z.object({ orderId: z.string(), userId: z.string(), order: z.optional(OrderDto) }),
  'order.status_changed': z.object({
    orderId: z.string(),
    userId: z.string(),
    from: z.nullable(z.string()),
    to: z.string(),
    isPaid: z.boolean(),
    version: z.int(),
    /** The order as the change left it, so announcing it needs no read (absent from events written before it was). */
    order: z.optional(OrderDto),
  }),
  'payment.submitted': z.object({
    /** The checkout the payment is for, for the logs (events written before checkouts named the order instead). */
    checkoutId: z.optional(z.string()),
    paymentId: z.string(),
    source: z.enum(['checkout', 'webhook', 'reconciler']),
    gatewayPaymentId: z.string(),
    signature: z.nullable(z.string()),
    /** The PaymentAttempt row recorded with the submission; the worker writes its outcome there. */
    attemptId: z.optional(z.string()),
    /** Set for webhook deliveries, so the worker can mark the stored WebhookEvent processed. */
    webhookEventId: z.optional(z.string()),
  }),
  'payment.verified': z.object({ orderId: z.string(), userId: z.string(), gatewayPaymentId: z.string() }),
  'payment.failed': z.object({ orderId: z.string(), userId: z.string(), reason: z.string() }),
  /** A refund recorded (pending) and now to be asked of the gateway by the payments worker. */
  'refund.requested': z.object({ refundId: z.string(), orderId: z.string() }),
  /** A refund's status moved (or it was recorded): the order is announced again, with its refund. */
  'refund.updated': z.object({ orderId: z.string(), userId: z.string(), refundId: z.string(), status: z.enum(['pending', 'processed', 'failed']) }),
  'stock.changed': z.object({ productId: z.string(), reason: z.enum(['added', 'toggled', 'ordered', 'released', 'updated', 'edited']) }),
  'product.removed': z.object({ productId: z.string() }),
  /**
   * A store's standing changed (the operator's decision; its products' own events are written with it), or a store
   * signed up (`from` null, `to` pending).
   */
  'store.status_changed': z.object({ sellerId: z.string(), from: z.nullable(StoreStatus), to: StoreStatus }),
} satisfies Record<EventName, z.ZodMiniType>;

export type EventDataOf<N extends EventName> = z.infer<(typeof EventData)[N]>;

export const EventEnvelope = z.object({
  eventId: z.string(),
  type: z.enum(Object.values(EventName) as [EventName, ...EventName[]]),
  occurredAt: z.string(),
  version: z.literal(1),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
