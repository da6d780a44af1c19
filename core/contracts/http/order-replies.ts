import { z } from 'zod/mini';
import { ORDER_STATUSES } from '../../domain/order-status';
import { AddressDto } from './address-replies';

// What the server answers about orders, in their own module (see common-replies.ts).

export const OrderStatusEnum = z.enum(ORDER_STATUSES as [string, ...string[]]);

export const OrderItemDto = z.object({
  product: z.object({
    _id: z.string(),
    name: z.string(),
    category: z.string(),
    offerPrice: z.number(),
    image: z.string(),
    images: z.array(z.string()),
  }),
  quantity: z.int(),
});

export const OrderHistoryDto = z.object({
  from: z.nullable(z.string()),
  to: z.string(),
  isPaid: z.nullable(z.boolean()),
  actor: z.enum(['user', 'seller', 'system']),
  /** Why, in words (a cancellation's reason, the payment that placed the order). */
  note: z.nullable(z.string()),
  at: z.string(),
});

/** Money going back to the shopper: `pending` until the gateway reports it `processed` (or `failed`). */
export const RefundDto = z.object({ status: z.enum(['pending', 'processed', 'failed']), amount: z.number() });
export type RefundDto = z.infer<typeof RefundDto>;

/** The order as GET /api/order/user returns it; the WebSocket's `order.updated` carries the same shape. */
export const OrderDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  userId: z.string(),
  /** The checkout it was placed in (shown to the shopper, e.g. CK2611221A2B3C); one checkout has one order per store. */
  checkoutId: z.string(),
  /** The store that fulfils it. */
  seller: z.object({ id: z.string(), storeName: z.string() }),
  /** ₹ of the platform fee in `amount`: the checkout's fee on its first order, 0 on the others. */
  fee: z.number(),
  items: z.array(OrderItemDto),
  amount: z.number(),
  address: AddressDto,
  status: OrderStatusEnum,
  paymentType: z.enum(['COD', 'Online']),
  isPaid: z.boolean(),
  version: z.int(),
  history: z.array(OrderHistoryDto),
  /** Null, or the refund of this order's payment(s): the worst status of them and the total amount. */
  refund: z.nullable(RefundDto),
  /** While an online order is Pending: when it is cancelled unless paid (ISO time); null otherwise. */
  expiresAt: z.nullable(z.string()),
  /** When the store promised delivery (ISO time), set as the order went On The Way; null before that. */
  promisedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderDto = z.infer<typeof OrderDto>;

export const OrdersReply = z.object({ success: z.literal(true), orders: z.array(OrderDto), total: z.optional(z.int()) });

/** The seller board's page: newest first; `total` counts every order matching the filter. */
export const SellerOrdersReply = z.object({
  success: z.literal(true),
  orders: z.array(OrderDto),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});

export const StatusUpdateReply = z.object({ success: z.literal(true), message: z.string(), order: OrderDto });

/** `orders` has one order per store of the cart; `order` is the first of them. */
export const PlaceOrderReply = z.object({
  success: z.literal(true),
  message: z.string(),
  checkoutId: z.string(),
  order: OrderDto,
  orders: z.array(OrderDto).check(z.minLength(1)),
});

export const OrderReply = z.object({ success: z.literal(true), message: z.string(), order: OrderDto });
