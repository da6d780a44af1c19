import type { AddressDto } from '../../contracts/http/addresses';
import type { OrderDto } from '../../contracts/http/orders';
import { paiseToRupees } from '../../domain/money';
import type { Prisma } from '../../infra/prisma';
import { actorFromDb, paymentTypeFromDb, statusFromDb } from './order-enums';

/** What to load with an order to answer in the API's shape (GET /api/order/user and the socket's order.updated). */
export const orderInclude = {
  items: { orderBy: { id: 'asc' } },
  history: { orderBy: { at: 'asc' } },
} as const satisfies Prisma.OrderInclude;

export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toOrderDto(order: OrderRow): OrderDto {
  return {
    _id: order.id,
    orderId: order.orderId,
    userId: order.userId,
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
      at: h.at.toISOString(),
    })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
