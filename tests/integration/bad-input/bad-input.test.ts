import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { addressInput, createAddress, createProduct, registerUser } from '../../helpers/factories';

/**
 * Invariant 6 (docs/architecture.md): bad input gets a clear 4xx and changes nothing. Every shopper endpoint that takes a body is
 * sent bodies of the wrong shape, type, size and encoding; each must answer JSON `{ success: false, message }` with a
 * 4xx status, and the database must be exactly as it was.
 */

type Raw = { raw: string; contentType?: string };
/** A body, or a function making it when the test runs (ids exist only after beforeAll). */
type Case = [label: string, body: unknown, status?: number];

const big = (n: number) => 'x'.repeat(n);
const manyKeys = (n: number, value: unknown = 1) => Object.fromEntries(Array.from({ length: n }, () => [randomUUID(), value]));

/** Broken at the HTTP level: the same for every endpoint. */
const ANY_ENDPOINT: Case[] = [
  ['invalid JSON', { raw: '{"name": "Asha", ' } satisfies Raw, 400],
  ['an empty JSON body', { raw: '' } satisfies Raw, 400],
  ['no body at all', { raw: '', contentType: '' } satisfies Raw, 400],
  ['JSON null', null, 400],
  ['a JSON array', [], 400],
  ['a JSON string', 'hello', 400],
  ['a JSON number', 42, 400],
  ['an empty object', {}, 400],
  ['a prototype-pollution key', { raw: '{"__proto__": {"isAdmin": true}}' } satisfies Raw, 400],
  ['text/plain', { raw: '{}', contentType: 'text/plain' } satisfies Raw, 415],
  ['a form post', { raw: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' } satisfies Raw, 415],
  ['multipart', { raw: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' } satisfies Raw, 415],
  ['a body over the 64 KiB limit', { raw: JSON.stringify({ name: big(70_000) }) } satisfies Raw, 413],
];

describe('malformed input to the shopper API', () => {
  let ctx: TestContext;
  let cookie: string;
  let addressId: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    const shopper = await registerUser(ctx.app, { email: 'bad-input@example.com', password: 'bad-input-pw' });
    cookie = shopper.cookie;
    addressId = (await createAddress(ctx.app, cookie))._id;
    productId = (await createProduct(ctx.db, { stockQuantity: 5 })).id;
    await ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie }, payload: { cartItems: { [productId]: 2 } } });
  });
  afterAll(() => ctx.close());

  /** Everything the shopper API can write, in a comparable form. */
  async function snapshot() {
    const [users, sessions, cart, addresses, orders, items, history, outbox, products] = await Promise.all([
      ctx.db.user.findMany({ orderBy: { id: 'asc' } }),
      ctx.db.session.findMany({ orderBy: { id: 'asc' } }),
      ctx.db.cartItem.findMany({ orderBy: [{ userId: 'asc' }, { productId: 'asc' }] }),
      ctx.db.address.findMany({ orderBy: { id: 'asc' } }),
      ctx.db.order.findMany({ orderBy: { id: 'asc' } }),
      ctx.db.orderItem.count(),
      ctx.db.orderHistory.count(),
      ctx.db.outboxEvent.count(),
      ctx.db.product.findMany({ orderBy: { id: 'asc' } }),
    ]);
    return { users, sessions, cart, addresses, orders, items, history, outbox, products };
  }

  function send(method: 'POST' | 'PUT', url: string, body: unknown, withSession: boolean) {
    const headers: Record<string, string> = withSession ? { cookie } : {};
    if (body !== null && typeof body === 'object' && 'raw' in (body as object)) {
      const { raw, contentType = 'application/json' } = body as Raw;
      if (contentType) headers['content-type'] = contentType;
      return ctx.app.inject({ method, url, headers, payload: raw });
    }
    return ctx.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  const endpoints: { name: string; method: 'POST' | 'PUT'; url: () => string; session: boolean; cases: () => Case[] }[] = [
    {
      name: 'POST /api/user/register',
      method: 'POST',
      url: () => '/api/user/register',
      session: false,
      cases: () => [
        ['a name that is a number', () => ({ name: 123, email: 'n@example.com', password: 'password123' })],
        ['an email that is a list', () => ({ name: 'N', email: ['n@example.com'], password: 'password123' })],
        ['a password that is a number', () => ({ name: 'N', email: 'n@example.com', password: 12345678 })],
        ['a 60 000 character name', () => ({ name: big(60_000), email: 'n@example.com', password: 'password123' })],
        ['a 10 000 character email', () => ({ name: 'N', email: `${big(10_000)}@example.com`, password: 'password123' })],
        ['a name with a NUL byte', () => ({ name: 'N\u0000', email: 'n@example.com', password: 'password123' })],
        ['a bad phone', () => ({ name: 'N', email: 'n@example.com', password: 'password123', phone: '12' })],
        ['an extra field', () => ({ name: 'N', email: 'n@example.com', password: 'password123', isAdmin: true })],
        ['a cart that is a list', () => ({ name: 'N', email: 'n@example.com', password: 'password123', cartItems: [1, 2] })],
      ],
    },
    {
      name: 'POST /api/user/login',
      method: 'POST',
      url: () => '/api/user/login',
      session: false,
      cases: () => [
        ['an email that is a number', () => ({ email: 42, password: 'bad-input-pw' })],
        ['a password that is an object', () => ({ email: 'bad-input@example.com', password: { $ne: '' } })],
        ['a 60 000 character password', () => ({ email: 'bad-input@example.com', password: big(60_000) })],
        ['a missing password', () => ({ email: 'bad-input@example.com' })],
        ['an extra field', () => ({ email: 'bad-input@example.com', password: 'bad-input-pw', role: 'seller' })],
        ['a cart that is a string', () => ({ email: 'bad-input@example.com', password: 'bad-input-pw', cartItems: 'all' })],
      ],
    },
    {
      name: 'POST /api/cart/update',
      method: 'POST',
      url: () => '/api/cart/update',
      session: true,
      cases: () => [
        ['a cart that is a list', () => ({ cartItems: [productId] })],
        ['a cart that is null', () => ({ cartItems: null })],
        ['a cart of 101 products', () => ({ cartItems: manyKeys(101) })],
        ['a 65 character product id', () => ({ cartItems: { [big(65)]: 1 } })],
        ['a quantity that is a string', () => ({ cartItems: { [productId]: '2' } })],
        ['a quantity of 1e308', () => ({ cartItems: { [productId]: 1e308 } })],
        ['a negative quantity', () => ({ cartItems: { [productId]: -3 } })],
        ['an unknown product', () => ({ cartItems: { [randomUUID()]: 1 } })],
        ['an extra field', () => ({ cartItems: {}, admin: true })],
      ],
    },
    {
      name: 'POST /api/address/add',
      method: 'POST',
      url: () => '/api/address/add',
      session: true,
      cases: () => [
        ['the address as a string', () => ({ address: '12 MG Road, Bengaluru' })],
        ['a zipcode that is an object', () => ({ address: addressInput({ zipcode: { $gt: '' } }) })],
        ['a 60 000 character street', () => ({ address: addressInput({ street: big(60_000) }) })],
        ['a first name with a NUL byte', () => ({ address: addressInput({ firstName: 'A\u0000' }) })],
        ['a missing city', () => ({ address: addressInput({ city: undefined }) })],
        ['an extra field in the address', () => ({ address: { ...addressInput(), userId: randomUUID() } })],
        ['an extra top-level field', () => ({ address: addressInput(), isDefault: true })],
      ],
    },
    {
      name: 'PUT /api/address/update/:id',
      method: 'PUT',
      url: () => `/api/address/update/${addressId}`,
      session: true,
      cases: () => [
        ['the address as a list', () => ({ address: [addressInput()] })],
        ['a phone that is a boolean', () => ({ address: addressInput({ phone: true }) })],
        ['a 5-digit PIN', () => ({ address: addressInput({ zipcode: '56001' }) })],
        ['a userId (not accepted on update)', () => ({ address: addressInput(), userId: randomUUID() })],
      ],
    },
    {
      name: 'POST /api/order/cod',
      method: 'POST',
      url: () => '/api/order/cod',
      session: true,
      cases: () => [
        ['items that are an object', () => ({ items: { [productId]: 1 }, address: addressId })],
        ['no items', () => ({ items: [], address: addressId })],
        ['101 items', () => ({ items: Array.from({ length: 101 }, () => ({ product: productId, quantity: 1 })), address: addressId })],
        ['a quantity that is a string', () => ({ items: [{ product: productId, quantity: '1' }], address: addressId })],
        ['a quantity of 1e308', () => ({ items: [{ product: productId, quantity: 1e308 }], address: addressId })],
        ['a product id that is not an id', () => ({ items: [{ product: "1' OR '1'='1", quantity: 1 }], address: addressId })],
        ['an address that is a number', () => ({ items: [{ product: productId, quantity: 1 }], address: 7 })],
        ['an address that is not an id', () => ({ items: [{ product: productId, quantity: 1 }], address: big(5_000) })],
        ['a price in an item', () => ({ items: [{ product: productId, quantity: 1, price: 0.01 }], address: addressId })],
        ['an amount', () => ({ items: [{ product: productId, quantity: 1 }], address: addressId, amount: 0.01 })],
        ['a status', () => ({ items: [{ product: productId, quantity: 1 }], address: addressId, status: 'Delivered' })],
        ['more units than in stock', () => ({ items: [{ product: productId, quantity: 6 }], address: addressId }), 409],
        ['an unknown product', () => ({ items: [{ product: randomUUID(), quantity: 1 }], address: addressId })],
      ],
    },
  ];

  for (const endpoint of endpoints) {
    describe(endpoint.name, () => {
      it.each([...ANY_ENDPOINT, ...endpoint.cases()].map(([label, body, status]) => ({ label, body, status })))(
        'answers $label with a 4xx and a message, and changes nothing',
        async ({ body, status }) => {
          const before = await snapshot();
          const res = await send(endpoint.method, endpoint.url(), typeof body === 'function' ? body() : body, endpoint.session);

          expect(res.statusCode, res.body).toBe(status ?? 400);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const reply = res.json();
          expect(reply).toMatchObject({ success: false, message: expect.any(String) });
          expect(reply.message.length).toBeGreaterThan(0);
          expect(res.body).not.toMatch(/\.ts:\d+|node_modules|Prisma|stack/i);
          expect(await snapshot()).toEqual(before);
        },
      );
    });
  }

  describe('parameters and queries', () => {
    it.each([
      ['DELETE', '/api/address/not-an-id', 400],
      ['DELETE', `/api/address/${big(2_000)}`, 414],
      ['DELETE', '/api/address/%E0%A4%A', 400],
      ['PUT', '/api/address/update/123', 400],
      ['GET', '/api/order/user?limit=abc', 400],
      ['GET', '/api/order/user?page=-1&limit=5', 400],
      ['GET', '/api/order/user?limit=1&limit=2', 400],
    ] as const)('answers %s %s with a %i and changes nothing', async (method, url, status) => {
      const before = await snapshot();
      const res = await ctx.app.inject({ method, url, headers: { cookie }, ...(method === 'PUT' ? { payload: { address: addressInput() } } : {}) });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(await snapshot()).toEqual(before);
    });
  });

  it('says what is wrong with a missing body or a field of the wrong type', async () => {
    const login = (payload?: unknown, contentType?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/login', ...(payload === undefined ? {} : { payload: payload as string }), headers: contentType ? { 'content-type': contentType } : {} });
    expect((await login()).json().message).toBe('The request has no body: send a JSON object');
    expect((await login('null', 'application/json')).json().message).toBe('The request has no body: send a JSON object');
    expect((await login({ email: 5, password: 'x' })).json().message).toBe('Email must be text');
    expect((await login({ password: 'x' })).json().message).toBe('Email is required');
  });

  it('still works after all that: the shopper’s session, cart and address are intact', async () => {
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.cartItems).toEqual({ [productId]: 2 });
    const addresses = await ctx.app.inject({ method: 'GET', url: '/api/address/get', headers: { cookie } });
    expect(addresses.json().addresses.map((a: { _id: string }) => a._id)).toEqual([addressId]);
  });
});
