import type { StoreRef } from '@core/contracts/http/store-replies';

/** Lines of one store, as the cart shows them and as checkout splits them into orders. */
export type StoreGroup<L> = { store: StoreRef; lines: L[] };

/** Cart lines grouped by the store that sells them, stores in the order their first line appears. */
export function groupByStore<L extends { product: { seller: StoreRef } }>(lines: L[]): StoreGroup<L>[] {
  const groups = new Map<string, StoreGroup<L>>();
  for (const line of lines) {
    const { seller } = line.product;
    let group = groups.get(seller.id);
    if (!group) groups.set(seller.id, (group = { store: { id: seller.id, storeName: seller.storeName }, lines: [] }));
    group.lines.push(line);
  }
  return [...groups.values()];
}
