import http from 'node:http';
import { loadConfig } from '../../core/infra/config';
import { createPrisma } from '../../core/infra/prisma';
import { createAccountRepository } from '../../core/modules/accounts/account-repository';
import { createPasswordHasher } from '../../core/modules/accounts/password';
import { createSessionRepository } from '../../core/modules/accounts/session-repository';
import { createSessionService } from '../../core/modules/accounts/session-service';
import { ORIGIN, type Api } from './stack';
import { mapLimit } from './stats';

/** A registered shopper: the session cookie the API set, and one saved address. */
export type Shopper = { userId: string; cookie: string; addressId: string };

/**
 * Kept-alive connections for every call: node:http's client costs the bench process a fraction of what `fetch` does
 * per request, and the bench process is one more program on the same two cores, timing every request it makes.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A JSON call as the browser client makes it: same Origin as the site, session cookie attached. */
export function call<T = any>(api: Api, method: string, path: string, opts: { body?: unknown; cookie?: string } = {}): Promise<{ status: number; body: T; cookies: string[] }> {
  const body = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  const headers: http.OutgoingHttpHeaders = { origin: ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const req = http.request(api.url + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: T;
        try {
          parsed = JSON.parse(text) as T;
        } catch {
          parsed = text as T;
        }
        const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
        resolve({ status: res.statusCode ?? 0, body: parsed, cookies });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Like `call`, but anything other than 2xx is an error that says what the API answered. */
export async function ok<T = any>(api: Api, method: string, path: string, opts: { body?: unknown; cookie?: string } = {}) {
  const res = await call<T>(api, method, path, opts);
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return res;
}

const run = Date.now().toString(36);

const PASSWORD = 'bench-password-123';
const emailOf = (n: number) => `shopper-${run}-${n}@bench.example.in`;

/** Registers a shopper through POST /api/user/register and saves an address through POST /api/address/add. */
export async function registerShopper(api: Api, n: number): Promise<Shopper> {
  const reg = await ok(api, 'POST', '/api/user/register', { body: { name: `Shopper ${n}`, email: emailOf(n), password: PASSWORD } });
  const cookie = reg.cookies.find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('register set no sid cookie');
  return { userId: reg.body.user._id, cookie, addressId: await addAddress(api, cookie, n) };
}

async function addAddress(api: Api, cookie: string, n: number): Promise<string> {
  const address = {
    firstName: 'Asha',
    lastName: `Shopper${n}`,
    email: emailOf(n),
    street: `${n} MG Road`,
    city: 'Pune',
    state: 'Maharashtra',
    zipcode: '411001',
    country: 'India',
    phone: `98${String(10_000_000 + n).slice(-8)}`,
  };
  const added = await ok(api, 'POST', '/api/address/add', { cookie, body: { address } });
  return added.body.address._id;
}

/**
 * Many shoppers, each with a session and a saved address. The first `viaApi` register through the API; the others
 * are created with the product's own account repository and session service (real users and sessions, one shared
 * scrypt hash), because registration spends most of its time hashing the password (128 MiB scrypt, ~0.2 s of CPU),
 * which would dominate the bench's setup. Every shopper saves its address through the API.
 */
export async function createShoppers(api: Api, databaseUrl: string, count: number, viaApi = 20): Promise<Shopper[]> {
  const registered = await mapLimit(Array.from({ length: Math.min(count, viaApi) }, (_, i) => i), 4, (n) => registerShopper(api, n));
  const db = createPrisma(databaseUrl, { max: 4 });
  try {
    const accounts = createAccountRepository(db);
    const config = loadConfig({});
    const sessions = createSessionService({ repo: createSessionRepository(db), ttlMs: config.sessionTtlMs, cacheMs: 0 });
    const passwordHash = await createPasswordHasher({ logN: config.passwordScryptLogN }).hash(PASSWORD);
    const created = await mapLimit(
      Array.from({ length: Math.max(0, count - viaApi) }, (_, i) => viaApi + i),
      8,
      async (n): Promise<Shopper> => {
        const user = await accounts.create({ name: `Shopper ${n}`, email: emailOf(n), phone: null, passwordHash });
        const { token } = await sessions.create({ userId: user.id });
        const cookie = `sid=${token}`;
        return { userId: user.id, cookie, addressId: await addAddress(api, cookie, n) };
      },
    );
    return [...registered, ...created];
  } finally {
    await db.$disconnect();
  }
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
