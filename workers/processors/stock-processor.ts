import type { Handlers, ProcessorDeps } from './processor-types';

/**
 * The `stock` queue: product changes go to everyone, so shopper lists follow stock live. API processes drop their
 * cached catalogue when these messages reach them.
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

    'product.removed': async ({ productId }, { eventId }) => {
      await live.publish({ eventId, audience: { kind: 'everyone' }, message: { type: 'product.removed', productId } });
      return 'announced removal';
    },
  };
}
