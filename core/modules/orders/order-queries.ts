import type { OrderDto } from '../../contracts/http/orders';
import { toOrderDto } from './order-mapper';
import type { OrderRepository } from './order-repository';

export type OrderPage = { page?: number; limit?: number };

/** Read side of orders in the API's shape: a shopper's own list, and one order for announcing it. */
export function createOrderQueries(deps: { repo: OrderRepository }) {
  const { repo } = deps;
  return {
    /** Only the shopper's own orders, newest first. */
    async listForUser(userId: string, paging: OrderPage = {}): Promise<{ orders: OrderDto[]; total: number }> {
      const take = paging.limit;
      const skip = take ? ((paging.page ?? 1) - 1) * take : undefined;
      const { rows, total } = await repo.pageForUser(userId, take ? { take, skip: skip! } : undefined);
      return { orders: rows.map(toOrderDto), total };
    },

    /** The order as it is now, or null when there is no such order. */
    async find(orderId: string): Promise<OrderDto | null> {
      const row = await repo.findById(orderId);
      return row ? toOrderDto(row) : null;
    },
  };
}
export type OrderQueries = ReturnType<typeof createOrderQueries>;
