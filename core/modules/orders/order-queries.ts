import type { OrderDto } from '../../contracts/http/orders';
import type { Db } from '../../infra/prisma';
import { orderInclude, toOrderDto } from './order-mapper';

export type OrderPage = { page?: number; limit?: number };

/** Read side of a shopper's orders: only their own, newest first, in the API's shape. */
export function createOrderQueries(db: Db) {
  return {
    async listForUser(userId: string, paging: OrderPage = {}): Promise<{ orders: OrderDto[]; total: number }> {
      const take = paging.limit;
      const skip = take ? ((paging.page ?? 1) - 1) * take : undefined;
      const [rows, total] = await Promise.all([
        db.order.findMany({
          where: { userId },
          include: orderInclude,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          ...(take ? { take, skip } : {}),
        }),
        db.order.count({ where: { userId } }),
      ]);
      return { orders: rows.map(toOrderDto), total };
    },
  };
}
export type OrderQueries = ReturnType<typeof createOrderQueries>;
