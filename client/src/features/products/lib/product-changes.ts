import type { ProductDto } from '@core/contracts/http/product-replies';

/**
 * A change to a product list: a product's state as of its version (live, or a seller's answered edit), its removal
 * as of a version (`Infinity`: the store deleted it here, for good), or a store's own stock switch before the
 * server's answer, made on the product as of `basedOn` (any newer state of the product supersedes it).
 */
export type ProductChange =
  | { product: ProductDto }
  | { removedId: string; version: number }
  | { toggledId: string; inStock: boolean; basedOn: number };

/** The newest version of each product this page has applied, live or from a snapshot. */
export type Versions = Readonly<Record<string, number>>;

const idOf = (change: ProductChange): string =>
  'product' in change ? change.product._id : 'removedId' in change ? change.removedId : change.toggledId;

const versionOf = (change: ProductChange): number | undefined =>
  'product' in change ? change.product.version : 'removedId' in change ? change.version : undefined;

/** What a product list holds: its products, the newest version of each applied, and the changes since a refetch. */
type HeldList = { products: ProductDto[]; versions: Versions; sinceRequest: ProductChange[] | null };

/**
 * A change applied to a held list, unless the list already holds this state of the product or a newer one:
 * announcements can overtake one another (the workers announce concurrently, and a seller's own answer races its live
 * echo), so such a change is dropped. A change kept is also remembered for a refetch on its way.
 */
export function withChange(
  held: HeldList,
  change: ProductChange,
  apply: (products: ProductDto[], change: ProductChange) => ProductDto[],
): Partial<HeldList> {
  const id = idOf(change);
  const newest = held.versions[id] ?? -1;
  const version = versionOf(change);
  if ('toggledId' in change ? change.basedOn < newest : version! <= newest) return {};
  return {
    products: apply(held.products, change),
    versions: version === undefined ? held.versions : { ...held.versions, [id]: version },
    sinceRequest: held.sinceRequest && [...held.sinceRequest, change],
  };
}

/**
 * A snapshot (a list fetched again) merged with what the page knows to be newer. A product the snapshot has at an
 * older version than the page applied keeps the page's state, which may be that it is gone. A change received while
 * the snapshot was on its way is applied again on top, unless the snapshot has its product at that version or a newer
 * one: a product the snapshot leaves out may have been added or changed after it was read.
 */
export function mergedSnapshot(
  snapshot: ProductDto[],
  held: HeldList,
  apply: (products: ProductDto[], change: ProductChange) => ProductDto[],
): { products: ProductDto[]; versions: Versions } {
  const inSnapshot = new Map(snapshot.map((p) => [p._id, p.version]));
  const heldById = new Map(held.products.map((p) => [p._id, p]));
  const products = snapshot.flatMap((p) => {
    if (p.version >= (held.versions[p._id] ?? -1)) return [p];
    const newer = heldById.get(p._id);
    return newer ? [newer] : [];
  });
  const replayed = (held.sinceRequest ?? []).filter((change) => {
    const read = inSnapshot.get(idOf(change));
    if (read === undefined) return true;
    // A switch still waiting for its answer stands on the state it was made on, not on a newer one.
    return 'toggledId' in change ? change.basedOn >= read : versionOf(change)! > read;
  });
  const versions: Record<string, number> = { ...held.versions };
  for (const p of snapshot) versions[p._id] = Math.max(versions[p._id] ?? -1, p.version);
  return { products: replayed.reduce(apply, products), versions };
}
