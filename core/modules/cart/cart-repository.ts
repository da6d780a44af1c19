import type { Db, Tx } from '../../infra/prisma';

export type CartLine = { productId: string; quantity: number };
export type CartProduct = { id: string; name: string; inStock: boolean; stockQuantity: number | null };

export function createCartRepository(db: Db) {
  return {
    async items(userId: string, client: Db | Tx = db): Promise<CartLine[]> {
      return client.cartItem.findMany({ where: { userId }, select: { productId: true, quantity: true }, orderBy: { productId: 'asc' } });
    },

    /** Products that can be sold at all (not deleted); the service decides what their state means for a cart. */
    async products(ids: string[], client: Db | Tx = db): Promise<CartProduct[]> {
      if (ids.length === 0) return [];
      return client.product.findMany({
        where: { id: { in: ids }, deletedAt: null },
        select: { id: true, name: true, inStock: true, stockQuantity: true },
      });
    },

    /**
     * Rewrites the user's cart from its current lines. The user row is locked first so two concurrent writes of one
     * cart (two tabs, a login merge racing a sync) apply one after the other instead of colliding on the primary key.
     */
    async rewrite(userId: string, compute: (current: CartLine[], tx: Tx) => Promise<CartLine[]>): Promise<CartLine[]> {
      return db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
        const next = await compute(await this.items(userId, tx), tx);
        await tx.cartItem.deleteMany({ where: { userId } });
        if (next.length > 0) await tx.cartItem.createMany({ data: next.map((l) => ({ userId, ...l })) });
        return next;
      });
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
