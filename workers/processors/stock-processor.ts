import type { Handlers, ProcessorDeps } from './processor-types';

/**
 * The `stock` queue: product changes go to everyone, so shopper lists follow stock live. API processes drop their
 * cached catalogue when these messages reach them. A store's new standing goes to that store's own pages and to the
 * operator (its products' own events, written with it, tell shoppers what appeared or went).
 */
export function stockHandlers({ services, live }: ProcessorDeps): Handlers {
  return {
    'stock.changed': async ({ productId }, { eventId }) => {
      const current = await services.catalog.current(productId);
      if (!current) return 'product gone';
      const message = current.removed
        ? ({ type: 'product.removed', productId } as const)
        : ({ type: 'product.updated', product: current.product } as const);
      await live.publish({ eventId, audience: { kind: 'everyone' }, message });
      return current.removed || !current.product.inStock ? 'announced out of stock' : 'announced in stock';
    },

    'store.status_changed': async ({ sellerId }, { eventId }) => {
      const store = await services.stores.find(sellerId);
      if (!store) return 'store gone';
      const message = { type: 'store.updated', store } as const;
      // Two audiences, two ids: the hub delivers an event id once. The operator's own store is only the operator.
      if (!store.isOperator) await live.publish({ eventId: `${eventId}:store`, audience: { kind: 'store', sellerId }, message });
      await live.publish({ eventId: `${eventId}:operators`, audience: { kind: 'operators' }, message });
      return `announced ${store.status}`;
    },

    'product.removed': async ({ productId }, { eventId }) => {
      await live.publish({ eventId, audience: { kind: 'everyone' }, message: { type: 'product.removed', productId } });
      return 'announced removal';
    },
  };
}
