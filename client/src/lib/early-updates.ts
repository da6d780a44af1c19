/**
 * Live updates of orders a board does not hold yet. `order.created` carries the order as placed, and an update can come
 * before it (its job retried, or its `order.created` missed while the socket was away): the update is remembered here,
 * newest version per order, and wins over the order as placed or as a snapshot lists it when it is the newer.
 */
type Versioned = { _id: string; version: number };

/** Only the most recent few orders are remembered: most never get an `order.created` on the board that heard them. */
const MAX_EARLY = 50;

/** `early` with `order` remembered, unless a version as new of it already is. */
export function rememberEarly<T extends Versioned>(early: Record<string, T>, order: T): Record<string, T> {
  if ((early[order._id]?.version ?? 0) >= order.version) return early;
  const { [order._id]: _, ...rest } = early;
  const ids = Object.keys(rest);
  for (const id of ids.slice(0, Math.max(0, ids.length - MAX_EARLY + 1))) delete rest[id];
  return { ...rest, [order._id]: order };
}

/** A live `order.created`: the order to show (the newer of it and an update heard before it), and `early` without it. */
export function takeEarly<T extends Versioned>(early: Record<string, T>, placed: T): { order: T; early: Record<string, T> } {
  const { [placed._id]: earlier, ...rest } = early;
  if (!earlier) return { order: placed, early };
  return { order: earlier.version > placed.version ? earlier : placed, early: rest };
}

/**
 * A snapshot that brings orders with early updates: each update is applied when it is newer than the snapshot's
 * version; either way it is done.
 */
export function applyEarly<T extends Versioned>(orders: T[], early: Record<string, T>): { orders: T[]; early: Record<string, T> } {
  if (Object.keys(early).length === 0) return { orders, early };
  const rest = { ...early };
  const merged = orders.map((o) => {
    const update = rest[o._id];
    if (!update) return o;
    delete rest[o._id];
    return update.version > o.version ? update : o;
  });
  return { orders: merged, early: rest };
}
