import { randomInt } from 'node:crypto';
import type { AddressDto } from '../../contracts/http/addresses';
import type { OrderDto } from '../../contracts/http/orders';
import { conflict, invalid } from '../../domain/errors';
import { OrderStatus } from '../../domain/order-status';
import { orderAmount } from '../../domain/pricing';
import type { Tx } from '../../infra/prisma';
import { isUniqueViolation } from '../../infra/prisma-errors';
import type { AddressService } from '../addresses/address-service';
import { appendEvent } from '../outbox/outbox-writer';
import { actorToDb, paymentTypeToDb, statusToDb, type PaymentTypeName } from './order-enums';
import { toOrderDto, type OrderRow } from './order-mapper';
import type { OrderProduct, OrderRepository } from './order-repository';

export type PlaceOrderInput = {
  userId: string;
  items: { product: string; quantity: number }[];
  addressId: string;
  paymentType: PaymentTypeName;
  /** From the Idempotency-Key header: the same key from the same user always yields the same order. */
  idempotencyKey?: string;
};

export type PlaceOrderOptions = {
  /** Empty the user's cart with the order (default true; an online flow may wait for the payment instead). */
  clearCart?: boolean;
  /** Extra writes that must commit with the order, e.g. the online flow's payment row. */
  withinTransaction?: (tx: Tx, order: { id: string; orderId: string; amountPaise: number }) => Promise<void>;
};

export type PlacedOrder = { order: OrderDto; amountPaise: number; created: boolean };

/** The orders column is a 32-bit integer of paise; refuse long before it could overflow. */
const MAX_ORDER_PAISE = 1_000_000_000;
const ORDER_ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Human-friendly order number: OD + the date in India (YYMMDD) + 6 random characters, e.g. OD2611221A2B3C. */
export function newOrderNumber(now = new Date()): string {
  const ist = new Date(now.getTime() + 5.5 * 60 * 60 * 1000).toISOString();
  const date = ist.slice(2, 4) + ist.slice(5, 7) + ist.slice(8, 10);
  const suffix = Array.from({ length: 6 }, () => ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)]).join('');
  return `OD${date}${suffix}`;
}

type PricedItem = { product: OrderProduct; quantity: number; unitPricePaise: number };

/**
 * Checks every line against the database and prices it there (DESIGN.md invariants 1, 2, 5). Unknown, deleted or
 * switched-off products are a bad request (400); asking for more units than are counted in stock is a conflict with
 * other shoppers (409), which is also what the loser of a race for the last unit sees.
 */
function priceLines(lines: Map<string, number>, products: OrderProduct[]): PricedItem[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const unknown = [...lines.keys()].filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw invalid('unknown_products', `Some products are not available any more: ${unknown.join(', ')}`, { productIds: unknown });
  }
  const items = [...lines].map(([id, quantity]) => ({ product: byId.get(id)!, quantity, unitPricePaise: byId.get(id)!.offerPricePaise }));
  const soldOut = items.filter((i) => i.product.stockQuantity !== null && i.product.stockQuantity < i.quantity).map((i) => i.product);
  if (soldOut.length > 0) throw outOfStock(soldOut);
  const switchedOff = items.filter((i) => !i.product.inStock).map((i) => i.product);
  if (switchedOff.length > 0) {
    throw invalid('not_in_stock', `Out of stock: ${switchedOff.map((p) => p.name).join(', ')}`, { productIds: switchedOff.map((p) => p.id) });
  }
  return items;
}

const outOfStock = (products: OrderProduct[]) =>
  conflict('out_of_stock', `Out of stock: ${products.map((p) => p.name).join(', ')}`, { productIds: products.map((p) => p.id) });

/**
 * Placing an order: cash on delivery now, and the online-payment flow with `paymentType: 'Online'` (status Pending).
 * Everything the order implies commits in one transaction or not at all: the order, its item and address
 * snapshots, the first history row, the stock reservation, the `order.placed` outbox event and the emptied cart.
 */
export function createOrderService(deps: { repo: OrderRepository; addresses: AddressService }) {
  const { repo, addresses } = deps;

  async function existing(userId: string, key: string | undefined): Promise<PlacedOrder | null> {
    const row: OrderRow | null = key ? await repo.findByIdempotencyKey(userId, key) : null;
    return row ? { order: toOrderDto(row), amountPaise: row.amountPaise, created: false } : null;
  }

  /** One attempt at the transaction; the status follows the payment: COD is placed now, online waits as Pending. */
  async function insertOnce(input: PlaceOrderInput, lines: Map<string, number>, address: AddressDto, options: PlaceOrderOptions) {
    const status = input.paymentType === 'COD' ? OrderStatus.OrderPlaced : OrderStatus.Pending;
    return repo.transaction(async (tx) => {
      const items = priceLines(lines, await repo.products(tx, [...lines.keys()]));
      const amountPaise = orderAmount(items);
      if (amountPaise > MAX_ORDER_PAISE) throw invalid('order_too_large', 'This order is too large; split it into smaller orders');

      // The order row goes first: a concurrent double submit then waits on the idempotency key's unique index and
      // fails there, before it could take stock from anyone.
      const order = await repo.insert(tx, {
        orderId: newOrderNumber(),
        userId: input.userId,
        amountPaise,
        status: statusToDb(status),
        paymentType: paymentTypeToDb(input.paymentType),
        address,
        idempotencyKey: input.idempotencyKey ?? null,
        items: items.map((i) => ({
          productId: i.product.id,
          name: i.product.name,
          image: i.product.images[0] ?? '',
          category: i.product.category,
          unitPricePaise: i.unitPricePaise,
          quantity: i.quantity,
        })),
        placedBy: { actorType: actorToDb('user'), actorId: input.userId },
      });

      await appendEvent(tx, 'order.placed', { orderId: order.id, userId: input.userId });
      if (options.clearCart ?? true) await repo.clearCart(tx, input.userId);
      await options.withinTransaction?.(tx, order);

      // Stock last: a product row stays locked from its reservation to the commit, so keep that stretch short for
      // the other shoppers buying it. Always in id order, so two orders sharing products cannot deadlock.
      const counted = items.filter((i) => i.product.stockQuantity !== null).sort((a, b) => a.product.id.localeCompare(b.product.id));
      for (const item of counted) {
        const left = await repo.reserveStock(tx, item.product.id, item.quantity);
        if (left === null) throw outOfStock([item.product]);
        if (left === 0) await appendEvent(tx, 'stock.changed', { productId: item.product.id, reason: 'ordered' });
      }
      return order;
    });
  }

  return {
    async placeOrder(input: PlaceOrderInput, options: PlaceOrderOptions = {}): Promise<PlacedOrder> {
      const first = await existing(input.userId, input.idempotencyKey);
      if (first) return first;

      // Unknown ids and other users' addresses look the same: neither is "your address".
      const address = await addresses.findOwned(input.userId, input.addressId);
      if (!address) throw invalid('address_required', 'Please select an address');

      // The same product listed twice is one line with the quantities added.
      const lines = new Map<string, number>();
      for (const item of input.items) lines.set(item.product.toLowerCase(), (lines.get(item.product.toLowerCase()) ?? 0) + item.quantity);

      for (let attempt = 1; ; attempt++) {
        try {
          const order = await insertOnce(input, lines, address, options);
          const row = await repo.findById(order.id);
          return { order: toOrderDto(row!), amountPaise: order.amountPaise, created: true };
        } catch (error) {
          // A double submit that raced this one (and won) is the answer, whatever this attempt failed on.
          const winner = await existing(input.userId, input.idempotencyKey);
          if (winner) return winner;
          // Otherwise a unique violation can only be a clash of random order numbers: draw again.
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
      }
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
