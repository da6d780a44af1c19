import type { AddressDto } from '../../contracts/http/addresses';
import type { OrderDto, RefundDto } from '../../contracts/http/orders';
import { paiseToRupees } from '../../domain/money';
import type { Prisma } from '../../infra/prisma';
import { actorFromDb, DbOrderStatus, paymentTypeFromDb, statusFromDb } from './order-enums';

/** What to load with an order to answer in the API's shape (GET /api/order/user and the socket's order.updated). */
export const orderInclude = {
  // Whether a line holds stock is the stock's bookkeeping (order-transitions.ts), not part of the order's answer.
  items: { orderBy: { id: 'asc' }, omit: { stockTaken: true } },
  history: { orderBy: { at: 'asc' } },
  refunds: { select: { status: true, amountPaise: true }, orderBy: { createdAt: 'asc' } },
  checkout: { select: { checkoutId: true } },
  seller: { select: { id: true, storeName: true } },
} as const satisfies Prisma.OrderInclude;

export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toOrderDto(order: OrderRow): OrderDto {
  return {
    _id: order.id,
    orderId: order.orderId,
    userId: order.userId,
    checkoutId: order.checkout.checkoutId,
    seller: { id: order.seller.id, storeName: order.seller.storeName },
    fee: paiseToRupees(order.feePaise),
    items: order.items.map((item) => ({
      product: {
        _id: item.productId,
        name: item.name,
        category: item.category,
        offerPrice: paiseToRupees(item.unitPricePaise),
        image: item.image,
        images: [item.image],
      },
      quantity: item.quantity,
    })),
    amount: paiseToRupees(order.amountPaise),
    address: order.address as AddressDto,
    status: statusFromDb(order.status),
    paymentType: paymentTypeFromDb(order.paymentType),
    isPaid: order.isPaid,
    version: order.version,
    history: order.history.map((h) => ({
      from: h.fromStatus ? statusFromDb(h.fromStatus) : null,
      to: statusFromDb(h.toStatus),
      isPaid: h.isPaid,
      actor: actorFromDb(h.actorType),
      note: h.note,
      at: h.at.toISOString(),
    })),
    refund: refundSummary(order.refunds),
    expiresAt: order.status === DbOrderStatus.PENDING && order.expiresAt ? order.expiresAt.toISOString() : null,
    promisedAt: order.promisedAt ? order.promisedAt.toISOString() : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

const REFUND_STATUS = { PENDING: 'pending', PROCESSED: 'processed', FAILED: 'failed' } as const;

/**
 * An order usually has one refund; a second captured payment adds another. The shopper sees the total and the status
 * that still needs attention: failed before pending before processed.
 */
function refundSummary(refunds: OrderRow['refunds']): RefundDto | null {
  if (refunds.length === 0) return null;
  const statuses = refunds.map((r) => REFUND_STATUS[r.status]);
  const status = statuses.includes('failed') ? 'failed' : statuses.includes('pending') ? 'pending' : 'processed';
  return { status, amount: paiseToRupees(refunds.reduce((sum, r) => sum + r.amountPaise, 0)) };
}
