import { z } from 'zod/mini';
import { MAX_ETA_MINUTES, MIN_ETA_MINUTES } from '../../domain/delivery-promise';
import { OrderStatus, SELLER_STATUS_SEQUENCE } from '../../domain/order-status';
import { Pagination, Uuid, uuidOf } from './common';
import { OrderStatusEnum } from './order-replies';

const OrderLine = z.strictObject({
  product: Uuid,
  quantity: z
    .number({ message: 'Quantity must be a number' })
    .check(z.int('Quantity must be a whole number'), z.positive('Quantity must be at least 1'), z.lte(1000, 'Quantity is too large')),
});

/** Body of POST /api/order/cod and /api/order/razorpay/create. `userId` is accepted and ignored: the session decides. */
export const PlaceOrderBody = z.strictObject({
  items: z.array(OrderLine, { message: 'Items must be a list' }).check(z.minLength(1, 'Your cart is empty'), z.maxLength(100, 'Too many items in one order')),
  address: z.pipe(
    z.string({ message: 'Please select an address' }).check(z.minLength(1, 'Please select an address'), z.maxLength(64)),
    uuidOf('Please select an address'),
  ),
  userId: z.optional(z.unknown()),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

export const SellerOrdersQuery = z.extend(Pagination, { status: z.optional(OrderStatusEnum) });

const SELLER_CHOICES = [...SELLER_STATUS_SEQUENCE, OrderStatus.Cancelled] as const;

/** Why an order is cancelled, in the canceller's words (kept in the order's history). */
export const CancelReason = z
  .string({ message: 'Reason must be text' })
  .check(z.trim(), z.minLength(1, 'Please give a reason'), z.maxLength(200, 'Reason is too long (200 characters at most)'));

const ETA_RANGE = `etaMinutes must be ${MIN_ETA_MINUTES} to ${MAX_ETA_MINUTES} minutes`;

/**
 * Body of PUT /api/order/status. A seller moves an order along the delivery sequence, or cancels it with a
 * reason; Pending is the payment flow's.
 */
export const StatusUpdateBody = z
  .strictObject({
    orderId: Uuid,
    status: z.optional(z.enum(SELLER_CHOICES, { message: `Status must be one of ${SELLER_CHOICES.join(', ')}` })),
    isPaid: z.optional(z.boolean({ message: 'isPaid must be true or false' })),
    reason: z.optional(CancelReason),
    /** Minutes until arrival, promised as the order goes On The Way; the store's default when left out. */
    etaMinutes: z.optional(
      z
        .number({ message: 'etaMinutes must be a number' })
        .check(z.int('etaMinutes must be a whole number of minutes'), z.gte(MIN_ETA_MINUTES, ETA_RANGE), z.lte(MAX_ETA_MINUTES, ETA_RANGE)),
    ),
  })
  .check(
    z.refine((b) => b.status !== undefined || b.isPaid !== undefined, 'Give a status or isPaid to change'),
    z.refine((b) => b.etaMinutes === undefined || b.status === OrderStatus.OnTheWay, { message: 'etaMinutes goes with the On The Way status only', path: ['etaMinutes'] }),
    z.refine((b) => b.status !== OrderStatus.Cancelled || b.reason !== undefined, { message: 'Please give a reason for cancelling', path: ['reason'] }),
  );
export type StatusUpdateBody = z.infer<typeof StatusUpdateBody>;

/**
 * An optional `Idempotency-Key` header on order placement: a double submit with the same key returns the first order.
 * Loose, because the object stands for all request headers.
 */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(8, 'Idempotency-Key must be 8 to 100 characters'),
        z.maxLength(100, 'Idempotency-Key must be 8 to 100 characters'),
        z.regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces'),
      ),
  ),
});

export const UserOrdersQuery = Pagination;

export const OrderIdParams = z.strictObject({ id: uuidOf('Order id must be a valid id') });

/** Body of POST /api/order/:id/cancel (the shopper); the body itself may be left out. */
export const CancelOrderBody = z.nullish(z.strictObject({ reason: z.optional(CancelReason) }));

export {
  OrderDto,
  OrderHistoryDto,
  OrderItemDto,
  OrderReply,
  OrdersReply,
  OrderStatusEnum,
  PlaceOrderReply,
  RefundDto,
  SellerOrdersReply,
  StatusUpdateReply,
} from './order-replies';
