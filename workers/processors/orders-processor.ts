import { UnrecoverableError } from 'bullmq';
import { orderNews } from '../../core/modules/orders/order-news';
import type { Handlers, ProcessorDeps } from './processor-types';

/**
 * The `orders` queue: announcements of placed and changed orders. Announcing is naturally idempotent: a retried
 * job re-publishes under the same event id, which the socket hub delivers once, and clients keep the newest version.
 * The API already announced most of these as they committed (order-news.ts); this is the announcement that is sure
 * to come.
 */
export function orderHandlers({ services, live }: ProcessorDeps): Handlers {
  async function loadOrder(orderId: string) {
    const order = await services.orderQueries.find(orderId);
    if (!order) throw new UnrecoverableError(`order ${orderId} does not exist`);
    return order;
  }

  return {
    'order.placed': async ({ orderId, order: placed }, { eventId }) => {
      // The event carries the order as placed. If it has changed since, that change's own event carries the newer
      // version, and clients keep the newest, even when the change is announced first (seller-orders-store.ts).
      const order = placed ?? (await loadOrder(orderId));
      // The owner too: their other tabs and devices show the new order on My Orders without a reload.
      await live.publish(orderNews(eventId, 'order.created', order));
      return 'announced to its owner, its store and the operator';
    },

    'order.status_changed': async ({ orderId, order: changed }, { eventId }) => {
      // The order as the change left it (read only for events written before they carried it). A later change's own
      // event carries the newer version, and clients keep the newest whatever order the announcements come in.
      const order = changed ?? (await loadOrder(orderId));
      await live.publish(orderNews(eventId, 'order.updated', order));
      return `announced v${order.version}`;
    },

    'refund.updated': async ({ orderId }, { eventId }) => {
      // The order with its refund as it is now: the shopper's page and the seller board show it live.
      const order = await loadOrder(orderId);
      await live.publish(orderNews(eventId, 'order.updated', order));
      return `announced refund v${order.version}`;
    },
  };
}
