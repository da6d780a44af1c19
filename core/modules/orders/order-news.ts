import type { EventDataOf } from '../../contracts/events';
import type { OrderDto } from '../../contracts/http/orders';
import type { Audience, LiveEnvelope } from '../../contracts/ws';
import type { LivePublisher } from '../live/live-channel';

/** An order's news goes to its shopper, its store and the operator; never to another store. */
const orderAudience = (order: OrderDto): Audience => ({ kind: 'order', userId: order.userId, sellerId: order.seller.id });

/** The live message an order event announces, under the event's id. */
export function orderNews(eventId: string, type: 'order.created' | 'order.updated', order: OrderDto): LiveEnvelope {
  return { eventId, audience: orderAudience(order), message: { type, order } };
}

/**
 * Announces an order change the moment it commits, from the process that made it: a shopper watching their order
 * and a store watching its board see it one pub/sub hop after the change, whatever the outbox relay and the workers
 * have queued meanwhile. This is only the fast path. The outbox event committed with the change is still relayed and
 * announced by the orders worker under the same event id (invariant 3), which makes good any announcement lost here
 * (Redis down, the process ending); every API process's hub delivers an event id once, and clients keep the newest
 * version of an order whichever announcement comes first. Without a publisher (no Redis), only the worker announces.
 *
 * Placing an order is left to the worker: its API time is what bounds the orders a process takes a second, and the
 * store's board learns of a new order a few milliseconds later. A status change is what a shopper sits watching.
 */
export function createOrderNews(live: LivePublisher | undefined, onFailure: (err: Error) => void = () => {}) {
  return {
    /** An order's change, just committed (no event: nothing changed). */
    changed(event: { id: string; payload: EventDataOf<'order.status_changed'> } | undefined): void {
      if (!event?.payload.order) return;
      // Never awaited: the change has committed, and its answer must not wait for Redis, or fail with it.
      live?.publish(orderNews(event.id, 'order.updated', event.payload.order)).catch(onFailure);
    },
  };
}
export type OrderNews = ReturnType<typeof createOrderNews>;
