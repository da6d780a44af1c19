import { STORE_STATUSES, type StoreDto, type StoreStatus } from '@core/contracts/http/store-replies';

export const STORE_TAB_LABEL: Record<StoreStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  suspended: 'Suspended',
  rejected: 'Rejected',
};

/** The tabs in the order the operator works through them: new sign-ups first. */
export const STORE_TABS: readonly StoreStatus[] = ['pending', 'approved', 'suspended', 'rejected'];

/** How many stores each tab holds. */
export function countByStatus(stores: StoreDto[]): Record<StoreStatus, number> {
  const counts = Object.fromEntries(STORE_STATUSES.map((s) => [s, 0])) as Record<StoreStatus, number>;
  for (const store of stores) counts[store.status] += 1;
  return counts;
}

/** A tab's stores: the longest-waiting sign-up first under Pending, the newest first elsewhere. */
export function storesInTab(stores: StoreDto[], tab: StoreStatus): StoreDto[] {
  const shown = stores.filter((s) => s.status === tab);
  return shown.sort((a, b) => (tab === 'pending' ? a.createdAt.localeCompare(b.createdAt) : b.createdAt.localeCompare(a.createdAt)));
}

export type StoreAction = { label: string; to: 'approved' | 'rejected' | 'suspended' };

/** What the operator can do with a store from where it stands; nothing for the operator's own store. */
export function storeActions(store: Pick<StoreDto, 'status' | 'isOperator'>): StoreAction[] {
  if (store.isOperator) return [];
  switch (store.status) {
    case 'pending':
      return [
        { label: 'Approve', to: 'approved' },
        { label: 'Reject', to: 'rejected' },
      ];
    case 'approved':
      return [{ label: 'Suspend', to: 'suspended' }];
    case 'suspended':
    case 'rejected':
      return [{ label: 'Re-approve', to: 'approved' }];
  }
}
