import { toProductDto } from '../../core/modules/catalog/product-mapper';
import type { Handlers, ProcessorDeps } from './processor-types';

/**
 * The `stock` queue: product changes go to everyone, so shopper lists follow stock live. API processes drop their
 * cached catalogue when these messages reach them.
 */
export function stockHandlers({ db, live }: ProcessorDeps): Handlers {
  return {
    'stock.changed': async ({ productId }, { eventId }) => {
      const product = await db.product.findUnique({ where: { id: productId } });
      if (!product) return 'product gone';
      const message = product.deletedAt
        ? ({ type: 'product.removed', productId } as const)
        : ({ type: 'product.updated', product: toProductDto(product) } as const);
      await live.publish({ eventId, audience: { kind: 'everyone' }, message });
      return product.inStock ? 'announced in stock' : 'announced out of stock';
    },

    'product.removed': async ({ productId }, { eventId }) => {
      await live.publish({ eventId, audience: { kind: 'everyone' }, message: { type: 'product.removed', productId } });
      return 'announced removal';
    },
  };
}
