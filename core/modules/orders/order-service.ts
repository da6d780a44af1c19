import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { AddressDto } from '../../contracts/http/addresses';
import type { OrderDto } from '../../contracts/http/orders';
import { AppError, conflict, invalid } from '../../domain/errors';
import { OrderStatus } from '../../domain/order-status';
import { itemsTotal, orderAmount, PLATFORM_FEE_PAISE } from '../../domain/pricing';
import { isUniqueViolation } from '../../infra/prisma-errors';
import { toAddressDto } from '../addresses/address-service';
import { prepareEvent } from '../outbox/outbox-writer';
import { actorToDb, paymentTypeToDb, statusToDb, type PaymentTypeName } from './order-enums';
import { toOrderDto, type OrderRow } from './order-mapper';
import type { OrderNews } from './order-news';
import type { Transaction, Tx } from '../../infra/prisma';
import type { CheckoutPaymentState, CheckoutStatements, NewCheckout, NewOrder, OrderProduct, OrderRepository } from './order-repository';
import { awaitingPayment } from './checkout-state';
import { lockStockOf, transitionOrder } from './order-transitions';

export type PlaceOrderInput = {
  userId: string;
  items: { product: string; quantity: number }[];
  addressId: string;
  paymentType: PaymentTypeName;
  /** From the Idempotency-Key header: the same key from the same user always yields the same order. */
  idempotencyKey?: string;
};

/** A placed checkout: one order per store, the first of them carrying the platform fee. */
export type PlacedCheckout = {
  /** The checkout's row id (the gateway order's receipt). */
  id: string;
  /** The human checkout id, e.g. CK2611221A2B3C. */
  checkoutId: string;
  orders: OrderDto[];
  /** What the shopper pays for the whole checkout. */
  amountPaise: number;
  created: boolean;
};

/** The most units of one product a single order may take, however many lines name it. */
export const MAX_UNITS_PER_PRODUCT = 1000;
/** Reads a checkout may make when its products' stock counting keeps changing under it; then the shopper tries again. */
const MAX_CHECKOUT_READS = 3;

export type OrderLimits = {
  /** How long a Pending online order holds its stock. */
  expiryMinutes: number;
  /** Pending online orders one shopper may hold at once. */
  maxUnpaidOrders: number;
};

/** The orders column is a 32-bit integer of paise; refuse long before it could overflow. */
const MAX_ORDER_PAISE = 1_000_000_000;
const ORDER_ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Human-friendly order number: OD + the date in India (YYMMDD) + 6 random characters, e.g. OD2611221A2B3C. */
export function newOrderNumber(now = new Date()): string {
  return humanNumber('OD', now);
}

/** Human-friendly checkout number, the same shape with CK: CK2611221A2B3C. */
export function newCheckoutNumber(now = new Date()): string {
  return humanNumber('CK', now);
}

function humanNumber(prefix: 'OD' | 'CK', now: Date): string {
  const ist = new Date(now.getTime() + 5.5 * 60 * 60 * 1000).toISOString();
  const date = ist.slice(2, 4) + ist.slice(5, 7) + ist.slice(8, 10);
  // One draw for all six characters (34⁶ ≈ 1.5 × 10⁹ numbers), written in the alphabet's digits.
  let n = randomInt(ORDER_ID_ALPHABET.length ** 6);
  let suffix = '';
  for (let i = 0; i < 6; i++, n = Math.floor(n / ORDER_ID_ALPHABET.length)) suffix = ORDER_ID_ALPHABET[n % ORDER_ID_ALPHABET.length] + suffix;
  return `${prefix}${date}${suffix}`;
}

type PricedItem = { product: OrderProduct; quantity: number; unitPricePaise: number };

/** Products the shopper cannot buy now: unknown, deleted, or of a store that does not sell. */
function notAvailable(productIds: string[]) {
  return invalid('unknown_products', `Some products are not available any more: ${productIds.join(', ')}`, { productIds });
}

/**
 * Checks every line against the database and prices it there (docs/architecture.md, invariants 1, 2, 5). Unknown, deleted or
 * switched-off products are a bad request (400); asking for more units than are counted in stock is a conflict with
 * other shoppers (409), which is also what the loser of a race for the last unit sees.
 */
function priceLines(lines: Map<string, number>, products: OrderProduct[]): PricedItem[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const unknown = [...lines.keys()].filter((id) => !byId.has(id));
  if (unknown.length > 0) throw notAvailable(unknown);
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
 * One read gathers what the checkout needs, the domain checks and prices it here, and one call writes everything the
 * order implies or nothing: the order, its item and address snapshots, the first history row, the `order.placed`
 * outbox event, the emptied cart and the stock reservation (order-repository.ts `insertPlaced`). The order is
 * shaped for the API before it is written, so neither the reply nor the event's consumer reads it back.
 */
export function createOrderService(deps: { repo: OrderRepository; transaction: Transaction; limits: OrderLimits; news: OrderNews }) {
  const { repo, transaction, limits, news } = deps;

  /** The earlier checkout of this key, if it ordered exactly this; a different order under the same key is refused. */
  async function existing(statements: CheckoutStatements, userId: string, key: string | null, fingerprint: string): Promise<PlacedCheckout | null> {
    const earlier = key ? await statements.findByIdempotencyKey(userId, key) : null;
    if (!earlier) return null;
    if (earlier.fingerprint !== null && earlier.fingerprint !== fingerprint) {
      throw new AppError('unprocessable', 'idempotency_key_reused', 'This Idempotency-Key was already used for a different order; use a new key for a new order');
    }
    const amountPaise = earlier.orders.reduce((sum, o) => sum + o.amountPaise, 0);
    return { id: earlier.id, checkoutId: earlier.checkoutId, orders: earlier.orders.map(toOrderDto), amountPaise, created: false };
  }

  return {
    /** The checkout an order belongs to, as the payment flow sees it; null when there is no such order. */
    checkoutOfOrder(orderId: string): Promise<CheckoutPaymentState | null> {
      return repo.checkoutOfOrder(orderId);
    },

    checkoutState(checkoutId: string): Promise<CheckoutPaymentState | null> {
      return repo.checkoutState(checkoutId);
    },

    /** The same, with every order row of the checkout locked for the rest of the caller's transaction. */
    lockCheckout(tx: Tx, checkoutId: string): Promise<CheckoutPaymentState | null> {
      return repo.lockCheckout(tx, checkoutId);
    },

    /** Online checkouts nobody has paid for since before `createdBefore`, oldest first (what the reconciler looks at). */
    stalePendingOnline(createdBefore: Date, limit: number): Promise<CheckoutPaymentState[]> {
      return repo.stalePendingOnline(createdBefore, limit);
    },

    async placeOrder(input: PlaceOrderInput): Promise<PlacedCheckout> {
      const idempotencyKey = input.idempotencyKey ?? null;
      // The same product listed twice is one line with the quantities added.
      const lines = new Map<string, number>();
      for (const item of input.items) lines.set(item.product.toLowerCase(), (lines.get(item.product.toLowerCase()) ?? 0) + item.quantity);
      const overCap = [...lines].filter(([, quantity]) => quantity > MAX_UNITS_PER_PRODUCT).map(([id]) => id);
      if (overCap.length > 0) {
        throw invalid('quantity_too_large', `At most ${MAX_UNITS_PER_PRODUCT} units of one product per order`, { productIds: overCap });
      }
      const fingerprint = orderFingerprint(lines, input.addressId, input.paymentType);

      /**
       * One read of what the checkout needs, and its write. `countChanged` (the product's name): a product whose seller
       * started or stopped counting its stock between the read and the write, so the line would take no units or look
       * short; nothing was written, and a new read builds the checkout anew.
       */
      async function fromOneRead(statements: CheckoutStatements): Promise<PlacedCheckout | { countChanged: string }> {
        const checkout = await statements.loadCheckout({ userId: input.userId, addressId: input.addressId, productIds: [...lines.keys()], idempotencyKey });
        if (checkout.existingCheckoutId) return (await existing(statements, input.userId, idempotencyKey, fingerprint))!;
        // Unknown ids and other users' addresses look the same: neither is "your address".
        if (!checkout.address) throw invalid('address_required', 'Please select an address');
        const items = priceLines(lines, checkout.products);
        const amountPaise = orderAmount(items);
        if (amountPaise > MAX_ORDER_PAISE) throw invalid('order_too_large', 'This order is too large; split it into smaller orders');

        for (let attempt = 1; ; attempt++) {
          const { placed, dtos } = newCheckout(input, items, toAddressDto(checkout.address), { idempotencyKey, fingerprint, limits });
          try {
            const { soldOut, storeNotSelling, tooManyUnpaid, countChanged } = await statements.insertCheckout(placed);
            if (countChanged) return { countChanged: items.find((i) => i.product.id === countChanged)?.product.name ?? 'a product' };
            if (soldOut) throw outOfStock(items.filter((i) => i.product.id === soldOut).map((i) => i.product));
            // Suspended (or otherwise off sale) after the read above: its products are gone, as the read would now say.
            if (storeNotSelling) throw notAvailable(items.filter((i) => i.product.sellerId === storeNotSelling).map((i) => i.product.id));
            if (tooManyUnpaid) {
              throw conflict(
                'too_many_unpaid_orders',
                `You already have ${limits.maxUnpaidOrders} unpaid online order${limits.maxUnpaidOrders === 1 ? '' : 's'}. Pay or cancel one in My Orders, or choose Cash on Delivery.`,
              );
            }
            return { id: placed.id, checkoutId: placed.checkoutId, orders: dtos, amountPaise, created: true };
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            // A double submit that raced this one (and won) is the answer.
            const winner = await existing(statements, input.userId, idempotencyKey, fingerprint);
            if (winner) return winner;
            // Otherwise the clash can only be of random order or checkout numbers: draw again.
            if (attempt >= 3) throw error;
          }
        }
      }

      // Every statement of a checkout on one connection: under load it waits for the pool once.
      return repo.placing(async (statements) => {
        for (let read = 1; ; read++) {
          const outcome = await fromOneRead(statements);
          if (!('countChanged' in outcome)) return outcome;
          if (read >= MAX_CHECKOUT_READS) throw conflict('stock_changed', `The stock of ${outcome.countChanged} changed while you were checking out. Please try again.`);
        }
      });
    },

    /**
     * POST /api/order/:id/cancel: the shopper cancels their own order while it is Pending or Order Placed (not once it
     * is on its way). The one transition releases the stock once and records a refund of any captured payment.
     *
     * One store's placed order of a checkout is cancelled on its own; a paid one refunds its own part
     * (order-transitions.ts). An order still waiting for its online payment is not: the checkout's one payment is for
     * every store's order of it, and "Pay now" would charge for the cancelled one too (to refund it later). So every
     * order of the checkout waiting for that payment is cancelled with it; the cart still holds their lines.
     */
    async cancelByShopper(userId: string, orderId: string, reason?: string): Promise<OrderDto> {
      const request = {
        ownerId: userId,
        to: OrderStatus.Cancelled,
        actor: { type: 'user' as const, id: userId },
        note: reason ? `Cancelled by the shopper: ${reason}` : 'Cancelled by the shopper',
        guard: ({ status }: { status: OrderStatus }) => {
          if (status === OrderStatus.Cancelled) throw conflict('already_cancelled', 'This order is already cancelled');
          if (status !== OrderStatus.Pending && status !== OrderStatus.OrderPlaced) {
            throw conflict('too_late_to_cancel', `This order is ${status} and can no longer be cancelled`);
          }
        },
      };
      const placedIn = await repo.checkoutOfOrder(orderId);
      const results = await transaction(async (tx) => {
        // The checkout's orders locked first, in id order, as the payment settlement locks them.
        const checkout = placedIn?.userId === userId ? await repo.lockCheckout(tx, placedIn.id) : null;
        const waiting = checkout ? awaitingPayment(checkout).map((o) => o.id) : [];
        const together = waiting.includes(orderId) ? waiting : [orderId];
        await lockStockOf(tx, together);
        const changed = [];
        for (const id of together) changed.push(await transitionOrder(tx, { ...request, orderId: id }));
        return changed;
      });
      for (const { event } of results) news.changed(event);
      return toOrderDto(results.find((r) => r.order.id === orderId)!.order);
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;

/** What an order asks for, independent of line order and letter case: the same key must always mean this. */
function orderFingerprint(lines: Map<string, number>, addressId: string, paymentType: PaymentTypeName): string {
  const canonical = JSON.stringify({ items: [...lines].sort(([a], [b]) => (a < b ? -1 : 1)), address: addressId.toLowerCase(), paymentType });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The checkout to write: the priced lines grouped into one order per store, in the order the cart first names each
 * store; the first order carries the platform fee. Also each order exactly as the API shows it (the reply and the
 * `order.placed` events carry them), so nothing is read back.
 */
function newCheckout(
  input: PlaceOrderInput,
  items: PricedItem[],
  address: AddressDto,
  meta: { idempotencyKey: string | null; fingerprint: string; limits: OrderLimits },
): { placed: NewCheckout; dtos: OrderDto[] } {
  const placedAt = new Date();
  const pending = input.paymentType === 'Online';
  const status = pending ? OrderStatus.Pending : OrderStatus.OrderPlaced;
  const byStore = new Map<string, PricedItem[]>();
  for (const item of items) byStore.set(item.product.sellerId, [...(byStore.get(item.product.sellerId) ?? []), item]);

  const checkoutUuid = randomUUID();
  const checkout: Omit<NewCheckout, 'orders'> = {
    id: checkoutUuid,
    checkoutId: newCheckoutNumber(placedAt),
    userId: input.userId,
    amountPaise: orderAmount(items),
    feePaise: PLATFORM_FEE_PAISE,
    status,
    paymentType: input.paymentType,
    address,
    idempotencyKey: meta.idempotencyKey,
    idempotencyFingerprint: meta.idempotencyKey ? meta.fingerprint : null,
    placedAt,
    expiresAt: pending ? new Date(placedAt.getTime() + meta.limits.expiryMinutes * 60_000) : null,
    maxUnpaid: pending ? meta.limits.maxUnpaidOrders : null,
  };
  const orders: NewOrder[] = [];
  const dtos: OrderDto[] = [];
  for (const [sellerId, lines] of byStore) {
    const feePaise = orders.length === 0 ? PLATFORM_FEE_PAISE : 0;
    const order: Omit<NewOrder, 'event'> = {
      id: randomUUID(),
      orderId: newOrderNumber(placedAt),
      sellerId,
      amountPaise: itemsTotal(lines) + feePaise,
      feePaise,
      items: lines.map((i) => ({
        id: randomUUID(),
        productId: i.product.id,
        name: i.product.name,
        image: i.product.images[0] ?? '',
        category: i.product.category,
        unitPricePaise: i.unitPricePaise,
        quantity: i.quantity,
        counted: i.product.stockQuantity !== null,
      })),
      historyId: randomUUID(),
    };
    const dto = toOrderDto(placedOrderRow(checkout, order, lines[0]!.product.storeName));
    orders.push({ ...order, event: prepareEvent('order.placed', { orderId: order.id, userId: input.userId, order: dto }) });
    dtos.push(dto);
  }
  return { placed: { ...checkout, orders }, dtos };
}

/** An order exactly as `place_checkout` stores it, in the shape a read returns (items in id order, as read). */
function placedOrderRow(checkout: Omit<NewCheckout, 'orders'>, order: Omit<NewOrder, 'event'>, storeName: string): OrderRow {
  const status = statusToDb(checkout.status);
  return {
    id: order.id,
    orderId: order.orderId,
    userId: checkout.userId,
    checkoutId: checkout.id,
    sellerId: order.sellerId,
    amountPaise: order.amountPaise,
    feePaise: order.feePaise,
    status,
    paymentType: paymentTypeToDb(checkout.paymentType),
    isPaid: false,
    version: 1,
    address: checkout.address,
    expiresAt: checkout.expiresAt,
    promisedAt: null,
    createdAt: checkout.placedAt,
    updatedAt: checkout.placedAt,
    items: order.items
      .map(({ counted: _, ...item }) => ({ ...item, orderId: order.id }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    refunds: [],
    history: [
      { id: order.historyId, orderId: order.id, fromStatus: null, toStatus: status, isPaid: null, actorType: actorToDb('user'), actorId: checkout.userId, note: null, at: checkout.placedAt },
    ],
    checkout: { checkoutId: checkout.checkoutId },
    seller: { id: order.sellerId, storeName },
  };
}
