import type { AddressDto } from '../../contracts/http/addresses';
import type { Db, Tx } from '../../infra/prisma';
import type { DbActorType, DbOrderStatus, DbPaymentType } from './order-enums';
import { orderInclude, type OrderRow } from './order-mapper';

export type OrderProduct = {
  id: string;
  name: string;
  category: string;
  images: string[];
  offerPricePaise: number;
  inStock: boolean;
  stockQuantity: number | null;
};

export type NewOrder = {
  orderId: string;
  userId: string;
  amountPaise: number;
  status: DbOrderStatus;
  paymentType: DbPaymentType;
  address: AddressDto;
  idempotencyKey: string | null;
  items: { productId: string; name: string; image: string; category: string; unitPricePaise: number; quantity: number }[];
  placedBy: { actorType: DbActorType; actorId: string };
};

export function createOrderRepository(db: Db) {
  return {
    /** One interactive transaction; generous limits because racing orders queue on the same product rows. */
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.$transaction(work, { maxWait: 10_000, timeout: 15_000 });
    },

    findById(id: string): Promise<OrderRow | null> {
      return db.order.findUnique({ where: { id }, include: orderInclude });
    },

    findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<OrderRow | null> {
      return db.order.findFirst({ where: { userId, idempotencyKey }, include: orderInclude });
    },

    /** Current prices and stock of the products still for sale (not deleted). */
    products(tx: Tx, ids: string[]): Promise<OrderProduct[]> {
      return tx.product.findMany({
        where: { id: { in: ids }, deletedAt: null },
        select: { id: true, name: true, category: true, images: true, offerPricePaise: true, inStock: true, stockQuantity: true },
      });
    },

    /** The order with its item snapshots and its first history row (nothing → its initial status). */
    insert(tx: Tx, order: NewOrder): Promise<{ id: string; orderId: string; amountPaise: number }> {
      const { items, placedBy, address, ...fields } = order;
      return tx.order.create({
        data: {
          ...fields,
          address,
          items: { create: items },
          history: { create: { fromStatus: null, toStatus: order.status, ...placedBy } },
        },
        select: { id: true, orderId: true, amountPaise: true },
      });
    },

    /**
     * Takes `quantity` units of a counted product, or nothing: the guard in WHERE makes check-and-decrement one atomic
     * step, so two orders racing for the last unit cannot both win. Reaching zero takes the product out of stock.
     * Returns the units left, or null when there were not enough (or the product stopped being sold meanwhile).
     */
    async reserveStock(tx: Tx, productId: string, quantity: number): Promise<number | null> {
      const rows = await tx.$queryRaw<{ stock_quantity: number }[]>`
        UPDATE products
           SET stock_quantity = stock_quantity - ${quantity}::int,
               in_stock = stock_quantity - ${quantity}::int > 0,
               updated_at = now()
         WHERE id = ${productId}::uuid
           AND deleted_at IS NULL
           AND in_stock
           AND stock_quantity >= ${quantity}::int
     RETURNING stock_quantity`;
      return rows[0]?.stock_quantity ?? null;
    },

    async clearCart(tx: Tx, userId: string): Promise<void> {
      await tx.cartItem.deleteMany({ where: { userId } });
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
