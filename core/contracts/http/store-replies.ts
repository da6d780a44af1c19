import { z } from 'zod/mini';
import { AddressDto } from './address-replies';
import { OrderDto } from './order-replies';

// What the server answers about stores, in their own module (see common-replies.ts).

/** A store's standing: only `approved` stores sell; `pending` and `rejected` ones were never live, `suspended` ones are hidden. */
export const STORE_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const StoreStatus = z.enum(STORE_STATUSES);
export type StoreStatus = z.infer<typeof StoreStatus>;

/** Which store sells a product or fulfils an order, as shoppers see it. */
export const StoreRef = z.object({ id: z.string(), storeName: z.string() });
export type StoreRef = z.infer<typeof StoreRef>;

/** A store as its own account and the operator see it. */
export const StoreDto = z.object({
  id: z.string(),
  storeName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  /** The pickup address (the address form's fields, as stored: no id); null for the operator's own store. */
  address: z.nullable(z.omit(AddressDto, { _id: true })),
  status: StoreStatus,
  /** Why it was rejected or suspended; null otherwise. */
  statusReason: z.nullable(z.string()),
  /** The platform operator's account (which also runs a store of its own). */
  isOperator: z.boolean(),
  createdAt: z.string(),
});
export type StoreDto = z.infer<typeof StoreDto>;

export const SellerRegisterReply = z.object({ success: z.literal(true), message: z.string(), seller: StoreDto });

export const AdminSellersReply = z.object({ success: z.literal(true), sellers: z.array(StoreDto) });

export const SellerStatusReply = z.object({ success: z.literal(true), message: z.string(), seller: StoreDto });

export const AdminOrdersReply = z.object({
  success: z.literal(true),
  orders: z.array(OrderDto),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});

export const StoreTotalsDto = z.object({
  store: StoreRef,
  /** Orders placed in the period, cancelled ones included. */
  orders: z.int(),
  /** Units in the orders sold: not cancelled, and not an online order still waiting for its payment. */
  units: z.int(),
  /** ₹ of the orders sold, as for `units` (their items and fee share). */
  gross: z.number(),
  /** ₹ refunded (processed) on the period's orders. */
  refunds: z.number(),
});
export type StoreTotalsDto = z.infer<typeof StoreTotalsDto>;

export const AdminTotalsReply = z.object({ success: z.literal(true), from: z.string(), to: z.string(), stores: z.array(StoreTotalsDto) });
