import type { StoreStatus } from '../contracts/http/stores';

/**
 * How a store's standing may change, by the operator's decision. A pending store is approved or rejected; an approved
 * one may be suspended and a suspended one approved again; a rejected store may still be approved later (it fixed
 * what was wrong). Nothing goes back to pending.
 */
const NEXT: Record<StoreStatus, readonly StoreStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['suspended'],
  suspended: ['approved'],
  rejected: ['approved'],
};

export function canChangeStoreStatus(from: StoreStatus, to: StoreStatus): boolean {
  return NEXT[from].includes(to);
}

/** Only an approved store sells: its products are in the catalogue, carts and checkouts. */
export const isSelling = (status: StoreStatus): boolean => status === 'approved';
