import type { z } from 'zod';
import type { OrderDto } from '../../contracts/http/orders';
import type { AdminOrdersQuery, StoreTotalsDto } from '../../contracts/http/stores';
import { invalid } from '../../domain/errors';
import { paiseToRupees } from '../../domain/money';
import type { OrderStatus } from '../../domain/order-status';
import { toOrderDto } from '../orders/order-mapper';
import type { OperatorRepository } from './operator-repository';

/** An operator's order page holds this many unless it asks for another size. */
export const OPERATOR_ORDERS_PAGE_SIZE = 50;

/** A date alone (2026-11-01) means the start of that day in India, where the marketplace trades. */
const INDIA_OFFSET = '+05:30';
const toInstant = (value: string): Date => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00${INDIA_OFFSET}` : value);

/** The operator area's reads across every store: all orders, and per-store totals for a period. */
export function createOperatorService(deps: { repo: OperatorRepository }) {
  const { repo } = deps;
  return {
    async orders(query: z.infer<typeof AdminOrdersQuery>): Promise<{ orders: OrderDto[]; total: number; page: number; limit: number }> {
      const limit = query.limit ?? OPERATOR_ORDERS_PAGE_SIZE;
      const page = query.page ?? 1;
      const { rows, total } = await repo.orders({ sellerId: query.seller, status: query.status as OrderStatus | undefined }, { skip: (page - 1) * limit, take: limit });
      return { orders: rows.map(toOrderDto), total, page, limit };
    },

    async totals(range: { from: string; to: string }): Promise<{ from: string; to: string; stores: z.infer<typeof StoreTotalsDto>[] }> {
      const from = toInstant(range.from);
      const to = toInstant(range.to);
      if (!(from < to)) throw invalid('invalid_period', "'from' must be before 'to'");
      const rows = await repo.totals(from, to);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        stores: rows.map((r) => ({
          store: { id: r.sellerId, storeName: r.storeName },
          orders: r.orders,
          units: r.units,
          gross: paiseToRupees(r.grossPaise),
          refunds: paiseToRupees(r.refundsPaise),
        })),
      };
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
