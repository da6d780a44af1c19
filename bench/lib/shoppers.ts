import { loadConfig } from '../../core/infra/config';
import { ORIGIN, type Api } from './stack';
import { mapLimit } from './stats';

/** A registered shopper: the session cookie the API set, and one saved address. */
export type Shopper = { userId: string; cookie: string; addressId: string };

/** A JSON call as the browser client makes it: same Origin as the site, session cookie attached. */
export async function call<T = any>(api: Api, method: string, path: string, opts: { body?: unknown; cookie?: string } = {}): Promise<{ status: number; body: T; cookies: string[] }> {
  const res = await fetch(api.url + path, {
    method,
    headers: {
      origin: ORIGIN,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = text as T;
  }
  return { status: res.status, body, cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]!) };
}

/** Like `call`, but anything other than 2xx is an error that says what the API answered. */
export async function ok<T = any>(api: Api, method: string, path: string, opts: { body?: unknown; cookie?: string } = {}) {
  const res = await call<T>(api, method, path, opts);
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return res;
}

const run = Date.now().toString(36);

/** Registers a shopper through POST /api/user/register and saves an address through POST /api/address/add. */
export async function registerShopper(api: Api, n: number): Promise<Shopper> {
  const email = `shopper-${run}-${n}@bench.example.in`;
  const reg = await ok(api, 'POST', '/api/user/register', { body: { name: `Shopper ${n}`, email, password: 'bench-password-123' } });
  const cookie = reg.cookies.find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('register set no sid cookie');
  const address = {
    firstName: 'Asha',
    lastName: `Shopper${n}`,
    email,
    street: `${n} MG Road`,
    city: 'Pune',
    state: 'Maharashtra',
    zipcode: '411001',
    country: 'India',
    phone: `98${String(10_000_000 + n).slice(-8)}`,
  };
  const added = await ok(api, 'POST', '/api/address/add', { cookie, body: { address } });
  return { userId: reg.body.user._id, cookie, addressId: added.body.address._id };
}

/** Registration hashes a password with scrypt (32 MiB, tens of ms): a few at a time keeps the API responsive. */
export function registerShoppers(api: Api, count: number, from = 0): Promise<Shopper[]> {
  return mapLimit(
    Array.from({ length: count }, (_, i) => from + i),
    4,
    (n) => registerShopper(api, n),
  );
}

/** Logs in as the configured demo seller (SELLER_EMAIL / SELLER_PASSWORD defaults) and returns the seller cookie. */
export async function sellerCookie(api: Api): Promise<string> {
  const { email, password } = loadConfig({}).seller;
  const res = await ok(api, 'POST', '/api/seller/login', { body: { email, password } });
  const cookie = res.cookies.find((c) => c.startsWith('seller_sid='));
  if (!cookie) throw new Error('seller login set no seller_sid cookie');
  return cookie;
}

/** Places a cash-on-delivery order through POST /api/order/cod and returns the order as the API answered it. */
export async function placeCodOrder(api: Api, shopper: Shopper, items: { product: string; quantity: number }[]) {
  const res = await ok(api, 'POST', '/api/order/cod', { cookie: shopper.cookie, body: { items, address: shopper.addressId } });
  return res.body.order as { _id: string; status: string; version: number };
}
