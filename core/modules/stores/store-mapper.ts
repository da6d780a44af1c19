import type { SellerSelfDto } from '../../contracts/http/accounts';
import type { AddressInput } from '../../contracts/http/addresses';
import type { StoreDto, StoreStatus } from '../../contracts/http/stores';
import { SellerStatus as DbSellerStatus } from '../../infra/generated/prisma/enums';
import type { Prisma } from '../../infra/prisma';

export { DbSellerStatus };

const TO_DB: Record<StoreStatus, DbSellerStatus> = {
  pending: DbSellerStatus.PENDING,
  approved: DbSellerStatus.APPROVED,
  rejected: DbSellerStatus.REJECTED,
  suspended: DbSellerStatus.SUSPENDED,
};
const FROM_DB = Object.fromEntries(Object.entries(TO_DB).map(([domain, db]) => [db, domain])) as Record<DbSellerStatus, StoreStatus>;

export const storeStatusToDb = (status: StoreStatus): DbSellerStatus => TO_DB[status];
export const storeStatusFromDb = (status: DbSellerStatus): StoreStatus => FROM_DB[status];

/** The columns behind StoreDto (never the password hash). */
export const storeRowSelect = {
  id: true,
  storeName: true,
  name: true,
  email: true,
  phone: true,
  pickupAddress: true,
  status: true,
  statusReason: true,
  isOperator: true,
  createdAt: true,
} as const satisfies Prisma.SellerSelect;

export type StoreRow = Prisma.SellerGetPayload<{ select: typeof storeRowSelect }>;

export function toStoreDto(row: StoreRow): StoreDto {
  return {
    id: row.id,
    storeName: row.storeName,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: (row.pickupAddress as AddressInput | null) ?? null,
    status: storeStatusFromDb(row.status),
    statusReason: row.statusReason,
    isOperator: row.isOperator,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSellerSelfDto(row: StoreRow): SellerSelfDto {
  return {
    id: row.id,
    name: row.name,
    storeName: row.storeName,
    status: storeStatusFromDb(row.status),
    statusReason: row.statusReason,
    isOperator: row.isOperator,
  };
}
