import type { z } from 'zod';
import type { OrderDto, SellerOrdersQuery, StatusUpdateBody } from '../../contracts/http/orders';
import { promisedAtFrom } from '../../domain/delivery-promise';
import { conflict, notFound } from '../../domain/errors';
import { OrderStatus } from '../../domain/order-status';
import type { Transaction } from '../../infra/prisma';
import { toOrderDto } from './order-mapper';
import type { OrderNews } from './order-news';
import { announcement, hasSideEffects, planChange, transitionOrder, type TransitionRequest, type TransitionResult } from './order-transitions';
import type { SellerOrderRepository } from './seller-order-repository';

/** A board page holds this many orders unless the client asks for another page size. */
export const SELLER_BOARD_PAGE_SIZE = 50;

export type SellerBoardPage = { orders: OrderDto[]; total: number; page: number; limit: number };

/**
 * A store's order board: reading its own orders, and moving one along the delivery sequence or recording that its
 * cash was collected. Another store's order answers 404, as a missing one does, and nothing changes. Changes go
 * through the one order transition (state machine, history, version, outbox event), and are announced to the order's
 * sockets as they commit (order-news.ts).
 */
export function createSellerOrderService(deps: { repo: SellerOrderRepository; transaction: Transaction; news: OrderNews }) {
  const { repo, transaction, news } = deps;

  return {
    /** Newest first; COD and online orders alike, Pending online orders included and marked by their status. */
    async board(sellerId: string, query: z.infer<typeof SellerOrdersQuery>): Promise<SellerBoardPage> {
      const limit = query.limit ?? SELLER_BOARD_PAGE_SIZE;
      const page = query.page ?? 1;
      const { rows, total } = await repo.page(
        sellerId,
        { status: query.status as OrderStatus | undefined },
        { skip: (page - 1) * limit, take: limit },
      );
      return { orders: rows.map(toOrderDto), total, page, limit };
    },

    async updateStatus(input: StatusUpdateBody, sellerId: string): Promise<OrderDto> {
      const request: TransitionRequest = {
        orderId: input.orderId,
        sellerId,
        to: input.status,
        isPaid: input.isPaid,
        // The clock starts as the order leaves the store: now plus the seller's estimate, or the store's default.
        promisedAt: input.status === OrderStatus.OnTheWay ? promisedAtFrom(new Date(), input.etaMinutes) : undefined,
        actor: { type: 'seller', id: sellerId },
        note: input.status === OrderStatus.Cancelled ? `Cancelled by the store: ${input.reason}` : undefined,
        // Pending means the online payment is not confirmed: only the payment flow may place the order, though the
        // store may cancel it (a payment that still arrives is then refunded).
        guard: ({ status }) => {
          if (status === OrderStatus.Cancelled && input.status === OrderStatus.Cancelled) throw conflict('already_cancelled', 'This order is already cancelled');
          if (status === OrderStatus.Pending && input.status !== OrderStatus.Cancelled) {
            throw conflict('awaiting_payment', 'This order is waiting for its online payment and can be updated once the payment is confirmed');
          }
        },
      };
      // A board's moves (On The Way, Delivered, cash collected) change only the order's own rows: read it, check the
      // move, and write it with its history and announcement in one statement that applies only if nobody changed the
      // order meanwhile. Two round trips on one connection and no transaction, where a seller at a busy counter sends
      // many a minute. A cancellation (stock, refunds), or a move that lost a race, takes the transaction that locks
      // the order.
      const moved = await repo.moving(async (move): Promise<Pick<TransitionResult, 'order' | 'event'> | undefined> => {
        const current = await move.find(input.orderId);
        if (!current) throw notFound('order_not_found', 'Order not found');
        const change = planChange(current, request);
        if (!change) return { order: current };
        if (hasSideEffects(change)) return undefined;
        const event = announcement(change);
        return (await move.apply(change, event)) ? { order: change.order, event } : undefined;
      });
      if (moved) {
        news.changed(moved.event);
        return toOrderDto(moved.order);
      }
      const { order, event } = await transaction((tx) => transitionOrder(tx, request));
      news.changed(event);
      return toOrderDto(order);
    },
  };
}
export type SellerOrderService = ReturnType<typeof createSellerOrderService>;
