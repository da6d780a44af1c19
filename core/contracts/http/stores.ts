import { z } from 'zod/mini';
import { Password } from './accounts';
import { AddressInput } from './addresses';
import { EmailAddress, MobileNumber, Pagination, Text, Uuid } from './common';
import { OrderStatusEnum } from './order-replies';
import { StoreStatus } from './store-replies';

/** Body of POST /api/seller/register ("Become Seller"): the store, its contact, its sign-in and its pickup address. */
export const SellerRegisterBody = z.strictObject({
  storeName: Text(80, 'Store name'),
  name: Text(80, 'Name'),
  email: EmailAddress,
  phone: MobileNumber,
  password: Password.check(z.minLength(8, 'Password must be at least 8 characters')),
  address: AddressInput,
});
export type SellerRegisterBody = z.infer<typeof SellerRegisterBody>;

export const AdminSellersQuery = z.object({ status: z.optional(StoreStatus) });

/** Body of PUT /api/admin/sellers/:id/status. A rejection needs a reason; a suspension may give one. */
export const SellerStatusBody = z
  .strictObject({
    status: z.enum(['approved', 'rejected', 'suspended'], { message: "Status must be 'approved', 'rejected' or 'suspended'" }),
    reason: z.optional(
      z.string({ message: 'Reason must be text' }).check(z.trim(), z.minLength(1, 'Please give a reason'), z.maxLength(300, 'Reason is too long (300 characters at most)')),
    ),
  })
  .check(z.refine((b) => b.status !== 'rejected' || b.reason !== undefined, { message: 'Please give a reason for rejecting the store', path: ['reason'] }));
export type SellerStatusBody = z.infer<typeof SellerStatusBody>;

/** GET /api/admin/orders: every store's orders, newest first, filtered by store and status. */
export const AdminOrdersQuery = z.extend(Pagination, { seller: z.optional(Uuid), status: z.optional(OrderStatusEnum) });

/**
 * Years a period may touch. The marketplace sold nothing before 2000 and a year past 2100 is a typo; the bound also
 * keeps the India-midnight shift (and any offset, at most a day) clear of year 0, which PostgreSQL has no room for.
 */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;
const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};
const DateOrTime = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'must be a date (2026-11-01) or a date and time with its offset (2026-11-01T09:30:00+05:30)' })
  .check(z.refine(inYears, `Dates must be in the years ${FIRST_YEAR} to ${LAST_YEAR}`));
/** GET /api/admin/totals?from=&to=: per-store figures for orders placed in [from, to) (ISO dates or times). */
export const AdminTotalsQuery = z.object({ from: DateOrTime, to: DateOrTime });

export {
  AdminOrdersReply,
  AdminSellersReply,
  AdminTotalsReply,
  SellerRegisterReply,
  SellerStatusReply,
  STORE_STATUSES,
  StoreDto,
  StoreRef,
  StoreStatus,
  StoreTotalsDto,
} from './store-replies';
