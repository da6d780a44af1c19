import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AddressDto } from '../../core/contracts/http/addresses';
import type { UserDto } from '../../core/contracts/http/accounts';
import type { OrderDto } from '../../core/contracts/http/orders';
import type { Db, Prisma } from '../../core/infra/prisma';

/**
 * Factories shared by every integration test: each makes one valid thing with unique values, and takes overrides for
 * what a test cares about. Products go straight into the database (a shopper cannot create them); users, addresses
 * and orders go through the API so they are made the way a shopper makes them.
 */

const unique = () => randomBytes(4).toString('hex');

export type ProductOverrides = Partial<Omit<Prisma.ProductUncheckedCreateInput, 'id'>> & { id?: string };

/** An approved store with an account nobody signs in to: the default seller of test products. */
export async function createStore(db: Db, overrides: Partial<Prisma.SellerUncheckedCreateInput> = {}) {
  const id = unique();
  return db.seller.create({
    data: { name: `Store owner ${id}`, storeName: `Test Store ${id}`, email: `store-${id}@example.com`, passwordHash: '!', status: 'APPROVED', ...overrides },
  });
}

const defaultStores = new WeakMap<Db, Promise<string>>();
/** The one store a test's products belong to unless it names another (made on first use, per database). */
export function defaultStoreId(db: Db): Promise<string> {
  let id = defaultStores.get(db);
  if (!id) defaultStores.set(db, (id = createStore(db, { storeName: 'Test Store' }).then((s) => s.id)));
  return id;
}

/** An in-stock product at ₹100 (offer ₹80), stock not counted unless `stockQuantity` is given, sold by the test store. */
export async function createProduct(db: Db, overrides: ProductOverrides = {}) {
  return db.product.create({
    data: {
      sellerId: overrides.sellerId ?? (await defaultStoreId(db)),
      name: `Test Apple ${unique()}`,
      category: 'Fruits',
      description: ['Crisp and sweet', 'From Himachal'],
      pricePaise: 10_000,
      offerPricePaise: 8_000,
      images: ['/catalog-images/apple.svg'],
      inStock: true,
      stockQuantity: null,
      ...overrides,
    },
  });
}

/** The `sid=…` Cookie header for a response that set the shopper session cookie. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid?.value) throw new Error(`no session cookie in a ${res.statusCode} answer: ${res.body}`);
  return `sid=${sid.value}`;
}

export type RegisteredUser = { cookie: string; user: UserDto; email: string; password: string };

/** Registers a shopper through POST /api/user/register; `cookie` is the Cookie header to act as them. */
export async function registerUser(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string; phone?: string; cartItems?: Record<string, unknown> } = {},
): Promise<RegisteredUser> {
  const body = { name: 'Asha Verma', email: `shopper-${unique()}@example.com`, password: 'correct-horse-battery', ...overrides };
  const res = await app.inject({ method: 'POST', url: '/api/user/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed with ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res), user: res.json().user, email: body.email.toLowerCase(), password: body.password };
}

/** A valid address body (Indian PIN and mobile number). */
export function addressInput(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.com',
    street: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    zipcode: '560001',
    country: 'India',
    phone: '9876543210',
    ...overrides,
  };
}

/** Saves an address for the user behind `cookie` through POST /api/address/add. */
export async function createAddress(app: FastifyInstance, cookie: string, overrides: Record<string, unknown> = {}): Promise<AddressDto> {
  const res = await app.inject({ method: 'POST', url: '/api/address/add', headers: { cookie }, payload: { address: addressInput(overrides) } });
  if (res.statusCode !== 201) throw new Error(`address add failed with ${res.statusCode}: ${res.body}`);
  return res.json().address;
}

export type OrderLineInput = { product: string; quantity: number };

/** POST /api/order/cod as the user behind `cookie`; the raw answer, for tests that look at statuses and headers. */
export function postCodOrder(
  app: FastifyInstance,
  cookie: string,
  order: { items: OrderLineInput[]; address: string; idempotencyKey?: string; extra?: Record<string, unknown> },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/order/cod',
    headers: { cookie, ...(order.idempotencyKey ? { 'idempotency-key': order.idempotencyKey } : {}) },
    payload: { items: order.items, address: order.address, ...order.extra },
  });
}

/** Places a cash-on-delivery order that must succeed, and returns it as GET /api/order/user shows it. */
export async function placeCodOrder(
  app: FastifyInstance,
  cookie: string,
  order: { items: OrderLineInput[]; address: string; idempotencyKey?: string },
): Promise<OrderDto> {
  const res = await postCodOrder(app, cookie, order);
  if (res.statusCode !== 201) throw new Error(`order failed with ${res.statusCode}: ${res.body}`);
  return res.json().order;
}

/** A registered shopper with one saved address: the usual starting point of an order test. */
export async function shopperWithAddress(app: FastifyInstance) {
  const shopper = await registerUser(app);
  const address = await createAddress(app, shopper.cookie);
  return { ...shopper, address };
}
