import { MAX_CART_PRODUCTS } from '../../contracts/http/cart';
import { invalid } from '../../domain/errors';
import type { Transaction, Tx } from '../../infra/prisma';
import type { CartLine, CartRepository } from './cart-repository';

/** The cart: product id → positive integer quantity. */
export type CartItems = Record<string, number>;

/** No grocery order needs more of one product; it also keeps totals far from integer overflow. */
export const MAX_CART_QUANTITY = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Problem = { productId: string; reason: string; label: string };
type Checked = { lines: CartLine[]; problems: Problem[] };

export function toCartItems(lines: CartLine[]): CartItems {
  return Object.fromEntries(lines.map((l) => [l.productId, l.quantity]));
}

/**
 * The server-side cart (docs/architecture.md, invariant 1): only real products with whole positive quantities are ever
 * stored, and a counted stock caps the quantity. A line goes in only while its product is for sale and in stock; a
 * line already stored stays when its product sells out or stops being sold, so the shopper sees it greyed and removes
 * it (checkout refuses it until then).
 */
export function createCartService(deps: { repo: CartRepository; transaction: Transaction }) {
  const { repo, transaction } = deps;

  /** Rewrites the user's cart from its current lines, one write of a cart at a time. */
  function rewrite(userId: string, compute: (current: CartLine[], tx: Tx) => Promise<CartLine[]>): Promise<CartLine[]> {
    return transaction(async (tx) => {
      const next = await compute(await repo.lockLines(tx, userId), tx);
      await repo.replaceLines(tx, userId, next);
      return next;
    });
  }

  /**
   * Checks each entry against the database; `merge` caps too-large quantities instead of reporting them. A product
   * that cannot be bought now is accepted only for a line in `stored`, and only at its stored quantity or less: the
   * client sends the whole cart on every change, so a sold-out line the shopper has not removed yet must not block
   * the rest of the cart.
   */
  async function check(entries: [string, unknown][], tx: Tx, mode: 'strict' | 'merge', stored = new Map<string, number>()): Promise<Checked> {
    const problems: Problem[] = [];
    const wanted = new Map<string, number>();
    for (const [id, quantity] of entries) {
      if (!UUID.test(id)) problems.push({ productId: id, reason: 'unknown product', label: id });
      else if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
        problems.push({ productId: id, reason: 'quantity must be a whole number of at least 1', label: id });
      } else if (quantity > MAX_CART_QUANTITY && mode === 'strict') {
        problems.push({ productId: id, reason: `quantity must be at most ${MAX_CART_QUANTITY}`, label: id });
      } else wanted.set(id.toLowerCase(), Math.min(quantity, MAX_CART_QUANTITY));
    }

    const products = new Map((await repo.products(tx, [...wanted.keys()])).map((p) => [p.id, p]));
    const lines: CartLine[] = [];
    for (const [id, quantity] of wanted) {
      const product = products.get(id);
      const available = product?.inStock ? (product.stockQuantity ?? Infinity) : 0;
      const kept = stored.get(id);
      if (available >= 1) lines.push({ productId: id, quantity: Math.min(quantity, available) });
      else if (kept !== undefined && quantity <= kept) lines.push({ productId: id, quantity });
      else if (product) problems.push({ productId: id, reason: 'out of stock', label: product.name });
      // A stored line's product still exists (soft deletion), so absent here means its store no longer sells it.
      else problems.push({ productId: id, reason: kept === undefined ? 'unknown product' : 'no longer sold', label: id });
    }
    return { lines, problems };
  }

  return {
    async get(userId: string): Promise<CartItems> {
      return toCartItems(await repo.items(userId));
    },

    /**
     * POST /api/cart/update: replaces the cart, or refuses the whole update (400 naming each bad entry). Lines whose
     * product went out of stock or off sale since they were stored are kept as they are (see `check`).
     */
    async replace(userId: string, cartItems: Record<string, unknown>): Promise<CartItems> {
      const lines = await rewrite(userId, async (current, tx) => {
        const stored = new Map(current.map((l) => [l.productId, l.quantity]));
        const { lines, problems } = await check(Object.entries(cartItems), tx, 'strict', stored);
        if (problems.length > 0) {
          const named = problems.map((p) => `${p.label} (${p.reason})`).join(', ');
          throw invalid('invalid_cart_items', `Some cart items are not valid: ${named}`, {
            invalid: problems.map(({ productId, reason }) => ({ productId, reason })),
          });
        }
        return lines;
      });
      return toCartItems(lines);
    },

    /**
     * A visitor's cart sent at login or register joins the stored one: quantities add up, stock caps them, and
     * entries that are not valid are dropped silently (a stale local cart must never block a login). The account's
     * own lines all stay; the visitor's other products fill the room left of MAX_CART_PRODUCTS, in the order they
     * came, and the rest are dropped: a cart over the limit would refuse every later change and the checkout.
     */
    async mergeVisitorCart(userId: string, visitor: Record<string, unknown> | undefined): Promise<CartItems> {
      const entries = Object.entries(visitor ?? {});
      if (entries.length === 0) return this.get(userId);
      const lines = await rewrite(userId, async (current, tx) => {
        const stored = new Map(current.map((l) => [l.productId, l.quantity]));
        // Only ids that could be products are looked up, so a huge or junk visitor cart costs one bounded query.
        const candidates = entries.filter(([id]) => UUID.test(id)).slice(0, 2 * MAX_CART_PRODUCTS + stored.size);
        const combined = candidates.map(([id, q]): [string, unknown] => {
          const mine = stored.get(id.toLowerCase());
          return [id, Number.isInteger(q) && (q as number) >= 1 && mine !== undefined ? (q as number) + mine : q];
        });
        const merged = await check(combined, tx, 'merge');
        // What could not be bought was dropped above, so it takes no room from the products after it.
        const room = Math.max(0, MAX_CART_PRODUCTS - stored.size);
        const kept = [...merged.lines.filter((l) => stored.has(l.productId)), ...merged.lines.filter((l) => !stored.has(l.productId)).slice(0, room)];
        const touched = new Set(kept.map((l) => l.productId));
        return [...current.filter((l) => !touched.has(l.productId)), ...kept];
      });
      return toCartItems(lines);
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
