import { z } from 'zod';
import { AddressDto, AddressInput } from './addresses';
import { Email, Password } from './accounts';
import { Pagination, Text, Uuid } from './common';
import { OrderDto, OrderStatusEnum } from './orders';

/** A store's standing: only `approved` stores sell; `pending` and `rejected` ones were never live, `suspended` ones are hidden. */
export const STORE_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const StoreStatus = z.enum(STORE_STATUSES);
export type StoreStatus = z.infer<typeof StoreStatus>;

/** Which store sells a product or fulfils an order, as shoppers see it. */
export const StoreRef = z.object({ id: z.string(), storeName: z.string() });
export type StoreRef = z.infer<typeof StoreRef>;

const Phone = z
  .union([z.string(), z.number()])
  .transform((p) => String(p).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\+91|91)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number').transform((p) => p.slice(-10)));

/** Body of POST /api/seller/register ("Become Seller"): the store, its contact, its sign-in and its pickup address. */
export const SellerRegisterBody = z.strictObject({
  storeName: Text(80, 'Store name'),
  name: Text(80, 'Name'),
  email: Email,
  phone: Phone,
  password: Password.min(8, 'Password must be at least 8 characters'),
  address: AddressInput,
});
export type SellerRegisterBody = z.infer<typeof SellerRegisterBody>;

/** A store as its own account and the operator see it. */
export const StoreDto = z.object({
  id: z.string(),
  storeName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The pickup address (the address form's fields, as stored: no id); null for the operator's own store. */
  address: AddressDto.omit({ _id: true }).nullable(),
  status: StoreStatus,
  /** Why it was rejected or suspended; null otherwise. */
  statusReason: z.string().nullable(),
  /** The platform operator's account (which also runs a store of its own). */
  isOperator: z.boolean(),
  createdAt: z.string(),
});
export type StoreDto = z.infer<typeof StoreDto>;

export const SellerRegisterReply = z.object({ success: z.literal(true), message: z.string(), seller: StoreDto });

export const AdminSellersQuery = z.object({ status: StoreStatus.optional() });
export const AdminSellersReply = z.object({ success: z.literal(true), sellers: z.array(StoreDto) });

/** Body of PUT /api/admin/sellers/:id/status. A rejection needs a reason; a suspension may give one. */
export const SellerStatusBody = z
  .strictObject({
    status: z.enum(['approved', 'rejected', 'suspended'], { message: "Status must be 'approved', 'rejected' or 'suspended'" }),
    reason: z.string({ message: 'Reason must be text' }).trim().min(1, 'Please give a reason').max(300, 'Reason is too long (300 characters at most)').optional(),
  })
  .refine((b) => b.status !== 'rejected' || b.reason !== undefined, { message: 'Please give a reason for rejecting the store', path: ['reason'] });
export type SellerStatusBody = z.infer<typeof SellerStatusBody>;

export const SellerStatusReply = z.object({ success: z.literal(true), message: z.string(), seller: StoreDto });

/** GET /api/admin/orders: every store's orders, newest first, filtered by store and status. */
export const AdminOrdersQuery = Pagination.extend({ seller: Uuid.optional(), status: OrderStatusEnum.optional() });
export const AdminOrdersReply = z.object({
  success: z.literal(true),
  orders: z.array(OrderDto),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** GET /api/admin/totals?from=&to=: per-store figures for orders placed in [from, to) (ISO dates or times). */
export const AdminTotalsQuery = z.object({ from: z.iso.datetime({ offset: true }).or(z.iso.date()), to: z.iso.datetime({ offset: true }).or(z.iso.date()) });
export const StoreTotalsDto = z.object({
  store: StoreRef,
  /** Orders placed in the period, cancelled ones included. */
  orders: z.number().int(),
  /** Units in the orders that were not cancelled. */
  units: z.number().int(),
  /** ₹ of the orders that were not cancelled (their items and fee share). */
  gross: z.number(),
  /** ₹ refunded (processed) on the period's orders. */
  refunds: z.number(),
});
export const AdminTotalsReply = z.object({ success: z.literal(true), from: z.string(), to: z.string(), stores: z.array(StoreTotalsDto) });
