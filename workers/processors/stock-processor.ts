import type { Handlers, ProcessorDeps } from './processor-types';

/**
 * The `stock` queue: product changes go to everyone, so shopper lists follow stock live. API processes drop their
 * cached catalogue when these messages reach them. A store's new standing goes to that store's own pages and to the
 * operator (its products' own events, written with it, tell shoppers what appeared or went).
 *
 * A product's event announces what the product is now, read when the job runs, with its version: jobs run
 * concurrently, so two announcements of one product can overtake each other, and a page keeps the higher version.
 * A removal's job does the same, so one that runs after the store sells again announces the product, not its removal.
 */
export function stockHandlers({ services, live }: ProcessorDeps): Handlers {
  async function announceCurrent(productId: string, eventId: string): Promise<string> {
    const current = await services.catalog.current(productId);
    if (!current) return 'product gone';
    const message = current.removed
      ? ({ type: 'product.removed', productId, version: current.version } as const)
      : ({ type: 'product.updated', product: current.product } as const);
    await live.publish({ eventId, audience: { kind: 'everyone' }, message });
    if (current.removed) return 'announced removal';
    return current.product.inStock ? 'announced in stock' : 'announced out of stock';
  }

  return {
    'stock.changed': ({ productId }, { eventId }) => announceCurrent(productId, eventId),

    'store.status_changed': async ({ sellerId }, { eventId }) => {
      const store = await services.stores.find(sellerId);
      if (!store) return 'store gone';
      const message = { type: 'store.updated', store } as const;
      // Two audiences, two ids: the hub delivers an event id once. The operator's own store is only the operator.
      if (!store.isOperator) await live.publish({ eventId: `${eventId}:store`, audience: { kind: 'store', sellerId }, message });
      await live.publish({ eventId: `${eventId}:operators`, audience: { kind: 'operators' }, message });
      return `announced ${store.status}`;
    },

    'product.removed': ({ productId }, { eventId }) => announceCurrent(productId, eventId),
  };
}
