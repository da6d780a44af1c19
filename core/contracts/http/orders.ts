import { z } from 'zod';
import { MAX_ETA_MINUTES, MIN_ETA_MINUTES } from '../../domain/delivery-promise';
import { ORDER_STATUSES, OrderStatus, SELLER_STATUS_SEQUENCE } from '../../domain/order-status';
import { Pagination, Uuid } from './common';
import { AddressDto } from './addresses';

const OrderLine = z.strictObject({
  product: Uuid,
  quantity: z.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').positive('Quantity must be at least 1').max(1000, 'Quantity is too large'),
});

/** Body of POST /api/order/cod and /api/order/razorpay/create. `userId` is accepted and ignored: the session decides. */
export const PlaceOrderBody = z.strictObject({
  items: z.array(OrderLine, { message: 'Items must be a list' }).min(1, 'Your cart is empty').max(100, 'Too many items in one order'),
  address: z.string({ message: 'Please select an address' }).min(1, 'Please select an address').max(64).pipe(z.uuid({ message: 'Please select an address' })),
  userId: z.unknown().optional(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

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
  quantity: z.number().int(),
});

export const OrderHistoryDto = z.object({
  from: z.string().nullable(),
  to: z.string(),
  isPaid: z.boolean().nullable(),
  actor: z.enum(['user', 'seller', 'system']),
  /** Why, in words (a cancellation's reason, the payment that placed the order). */
  note: z.string().nullable(),
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
  version: z.number().int(),
  history: z.array(OrderHistoryDto),
  /** Null, or the refund of this order's payment(s): the worst status of them and the total amount. */
  refund: RefundDto.nullable(),
  /** While an online order is Pending: when it is cancelled unless paid (ISO time); null otherwise. */
  expiresAt: z.string().nullable(),
  /** When the store promised delivery (ISO time), set as the order went On The Way; null before that. */
  promisedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderDto = z.infer<typeof OrderDto>;

export const OrdersReply = z.object({ success: z.literal(true), orders: z.array(OrderDto), total: z.number().int().optional() });

export const SellerOrdersQuery = Pagination.extend({ status: OrderStatusEnum.optional() });

/** The seller board's page: newest first; `total` counts every order matching the filter. */
export const SellerOrdersReply = z.object({
  success: z.literal(true),
  orders: z.array(OrderDto),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

const SELLER_CHOICES = [...SELLER_STATUS_SEQUENCE, OrderStatus.Cancelled] as const;

/** Why an order is cancelled, in the canceller's words (kept in the order's history). */
export const CancelReason = z.string({ message: 'Reason must be text' }).trim().min(1, 'Please give a reason').max(200, 'Reason is too long (200 characters at most)');

/**
 * Body of PUT /api/order/status. A seller moves an order along the delivery sequence, or cancels it with a
 * reason; Pending is the payment flow's.
 */
export const StatusUpdateBody = z
  .strictObject({
    orderId: Uuid,
    status: z.enum(SELLER_CHOICES, { message: `Status must be one of ${SELLER_CHOICES.join(', ')}` }).optional(),
    isPaid: z.boolean({ message: 'isPaid must be true or false' }).optional(),
    reason: CancelReason.optional(),
    /** Minutes until arrival, promised as the order goes On The Way; the store's default when left out. */
    etaMinutes: z
      .number({ message: 'etaMinutes must be a number' })
      .int('etaMinutes must be a whole number of minutes')
      .min(MIN_ETA_MINUTES, `etaMinutes must be ${MIN_ETA_MINUTES} to ${MAX_ETA_MINUTES} minutes`)
      .max(MAX_ETA_MINUTES, `etaMinutes must be ${MIN_ETA_MINUTES} to ${MAX_ETA_MINUTES} minutes`)
      .optional(),
  })
  .refine((b) => b.status !== undefined || b.isPaid !== undefined, 'Give a status or isPaid to change')
  .refine((b) => b.etaMinutes === undefined || b.status === OrderStatus.OnTheWay, { message: 'etaMinutes goes with the On The Way status only', path: ['etaMinutes'] })
  .refine((b) => b.status !== OrderStatus.Cancelled || b.reason !== undefined, { message: 'Please give a reason for cancelling', path: ['reason'] });
export type StatusUpdateBody = z.infer<typeof StatusUpdateBody>;

export const StatusUpdateReply = z.object({ success: z.literal(true), message: z.string(), order: OrderDto });

/**
 * An optional `Idempotency-Key` header on order placement: a double submit with the same key returns the first order.
 * Loose, because the object stands for all request headers.
 */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
    .optional(),
});

/** `orders` has one order per store of the cart; `order` is the first of them. */
export const PlaceOrderReply = z.object({ success: z.literal(true), message: z.string(), checkoutId: z.string(), order: OrderDto, orders: z.array(OrderDto).min(1) });

export const UserOrdersQuery = Pagination;

export const OrderIdParams = z.strictObject({ id: z.uuid({ message: 'Order id must be a valid id' }) });

/** Body of POST /api/order/:id/cancel (the shopper); the body itself may be left out. */
export const CancelOrderBody = z.strictObject({ reason: CancelReason.optional() }).nullish();

export const OrderReply = z.object({ success: z.literal(true), message: z.string(), order: OrderDto });
