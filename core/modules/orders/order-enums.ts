import { OrderStatus } from '../../domain/order-status';
import {
  ActorType as DbActorType,
  OrderStatus as DbOrderStatus,
  PaymentType as DbPaymentType,
} from '../../infra/generated/prisma/enums';

export { DbActorType, DbOrderStatus, DbPaymentType };

/**
 * The database stores the statuses' display words (via @map) but Prisma's client names enum members as identifiers;
 * these maps translate at the repository edge so the rest of the code speaks the domain's words.
 */
const TO_DB: Record<OrderStatus, DbOrderStatus> = {
  [OrderStatus.Pending]: DbOrderStatus.PENDING,
  [OrderStatus.OrderPlaced]: DbOrderStatus.ORDER_PLACED,
  [OrderStatus.OnTheWay]: DbOrderStatus.ON_THE_WAY,
  [OrderStatus.Delivered]: DbOrderStatus.DELIVERED,
  [OrderStatus.Cancelled]: DbOrderStatus.CANCELLED,
};
const FROM_DB = Object.fromEntries(Object.entries(TO_DB).map(([domain, db]) => [db, domain])) as Record<DbOrderStatus, OrderStatus>;

export const statusToDb = (status: OrderStatus): DbOrderStatus => TO_DB[status];
export const statusFromDb = (status: DbOrderStatus): OrderStatus => FROM_DB[status];

export type PaymentTypeName = 'COD' | 'Online';
export const paymentTypeFromDb = (t: DbPaymentType): PaymentTypeName => (t === DbPaymentType.COD ? 'COD' : 'Online');
export const paymentTypeToDb = (t: PaymentTypeName): DbPaymentType => (t === 'COD' ? DbPaymentType.COD : DbPaymentType.ONLINE);

export type ActorName = 'user' | 'seller' | 'system';
export const actorToDb = (a: ActorName): DbActorType =>
  a === 'user' ? DbActorType.USER : a === 'seller' ? DbActorType.SELLER : DbActorType.SYSTEM;
export const actorFromDb = (a: DbActorType): ActorName => (a === DbActorType.USER ? 'user' : a === DbActorType.SELLER ? 'seller' : 'system');
