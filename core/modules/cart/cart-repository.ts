import type { Db, Tx } from '../../infra/prisma';
import { forSale } from '../catalog/catalog-repository';

export type CartLine = { productId: string; quantity: number };
export type CartProduct = { id: string; name: string; inStock: boolean; stockQuantity: number | null };

const lineFields = { productId: true, quantity: true } as const;

export function createCartRepository(db: Db) {
  return {
    items(userId: string): Promise<CartLine[]> {
      return db.cartItem.findMany({ where: { userId }, select: lineFields, orderBy: { productId: 'asc' } });
    },

    /**
     * The cart's lines, with the user row locked for the rest of the transaction, so two concurrent writes of one
     * cart (two tabs, a login merge racing a sync) apply one after the other instead of colliding on the primary key.
     */
    async lockLines(tx: Tx, userId: string): Promise<CartLine[]> {
      await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
      return tx.cartItem.findMany({ where: { userId }, select: lineFields, orderBy: { productId: 'asc' } });
    },

    /** Products that can be sold at all (not deleted, their store approved); the service decides what their state means for a cart. */
    async products(tx: Tx, ids: string[]): Promise<CartProduct[]> {
      if (ids.length === 0) return [];
      return tx.product.findMany({
        where: { id: { in: ids }, ...forSale },
        select: { id: true, name: true, inStock: true, stockQuantity: true },
      });
    },

    /** Replaces every line of the user's cart (call after `lockLines` in the same transaction). */
    async replaceLines(tx: Tx, userId: string, lines: CartLine[]): Promise<void> {
      await tx.cartItem.deleteMany({ where: { userId } });
      if (lines.length > 0) await tx.cartItem.createMany({ data: lines.map((l) => ({ userId, ...l })) });
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
