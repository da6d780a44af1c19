import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The one place that reads process.env. `loadConfig()` validates every variable at once and reports all the bad ones
 * together, before anything starts.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A whole-number setting, written in digits alone. Number() would read ' ' as 0, '0x50' as 80 and '1e3' as 1000, so a
 * slip could start the store with a value nobody meant.
 */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().regex(/^\d+$/, 'must be a whole number, in digits only').transform(Number).pipe(z.number().min(min).max(max));

/**
 * TRUST_PROXY: `false`, the socket's peer is the client; a hop count N, the nearest N hops are proxies and the client
 * is the address the farthest of them saw (right only when the API cannot be reached around them); proxy addresses or
 * CIDR ranges, comma-separated, hops from those are believed; or `true`, every entry is, so the client is the leftmost,
 * which it may have written itself (right only behind a proxy that overwrites X-Forwarded-For).
 */
export type TrustProxy = boolean | number | readonly string[];

function trustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'yes') return true;
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const addresses = v.split(',').map((a) => a.trim());
  if (addresses.every(isAddressOrRange)) return Object.freeze(addresses);
  ctx.addIssue({ code: 'custom', message: 'must be false, true, a hop count (e.g. 1) or proxy addresses/CIDR ranges separated by commas' });
  return z.NEVER;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Printed in the README: fine on a developer's machine, never behind a public address. */
export const DEMO_SELLER_PASSWORD = 'seller-demo-123';
const DEFAULT_SIMULATED_SECRET = 'simulated-gateway-local-secret';

const ConfigSchema = z.object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
      .default('postgresql://postgres@127.0.0.1:5432/grocery'),
    /**
     * Connections each API process keeps to PostgreSQL. A few per database core is fastest: beyond that, concurrent
     * orders mostly wait on each other's row locks, at a CPU cost (measured in bench/README.md).
     */
    DATABASE_POOL_SIZE: wholeNumber(1, 100).default(6),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
    /**
     * A Redis Cluster to use instead of REDIS_URL's single Redis: some of its nodes as host:port, comma-separated
     * (the rest are discovered). REDIS_URL still lends its user, password and TLS (rediss://) to every node.
     */
    REDIS_CLUSTER_NODES: z
      .string()
      .regex(/^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/, 'must be host:port pairs separated by commas, e.g. redis-1:6379,redis-2:6379')
      .optional(),
    /** Prefix for every BullMQ queue and pub/sub channel, so several deployments (or test files) share one Redis. */
    REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, _ and - only').default('grocery'),
    /**
     * Where the API listens. Unset: this machine only (127.0.0.1) while PUBLIC_ORIGIN is a loopback address (the demo
     * defaults are allowed then, so nothing else may reach them), every interface (0.0.0.0) behind a public one.
     */
    HOST: z.string().optional(),
    PORT: wholeNumber(0, 65535).default(3000),
    /** The address shoppers use; Origin checks on state-changing calls and the WebSocket compare against it. */
    // Each check below answers only for a URL: `.url()` names one that is not.
    PUBLIC_ORIGIN: z.string().url().refine((v) => !URL.canParse(v) || isWebOrigin(v), 'must be an http:// or https:// origin, such as https://shop.example.com').optional(),
    /**
     * The Vite dev server's origin, trusted for calls and WebSockets like the store's own. `npm run dev` sets it while
     * it runs the dev server; nothing else should.
     */
    DEV_CLIENT_ORIGIN: z
      .string()
      .url()
      .refine((v) => !URL.canParse(v) || isLoopbackOrigin(v), 'must be a loopback origin such as http://localhost:5173 (npm run dev sets it)')
      .optional(),
    UPLOAD_DIR: z.string().min(1).default('./uploads'),
    MAX_IMAGE_BYTES: wholeNumber(1).default(5 * 1024 * 1024),
    SELLER_EMAIL: z.string().email().default('seller@freshcart.test'),
    SELLER_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEMO_SELLER_PASSWORD),
    SESSION_TTL_DAYS: wholeNumber(1).default(7),
    /** How long an API process may reuse a session it looked up (0: ask the database on every request). */
    SESSION_CACHE_MS: wholeNumber(0, 60_000).default(5000),
    /**
     * Password hashing cost: scrypt N = 2^this (r = 8, p = 1). 17 is OWASP's current minimum for scrypt; each hash
     * then takes 128 MiB and about a fifth of a second of one core. Raise it and older hashes are upgraded at the next
     * login; lower values exist for test suites, which hash thousands of passwords.
     */
    PASSWORD_SCRYPT_LOG2_N: wholeNumber(10, 20).default(17),
    /** Requests per minute one client address may make to login, order placement and payment verification (each). */
    RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(30),
    /** Accounts one client address may register per hour. */
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: wholeNumber(1).default(20),
    /**
     * Product forms with images one store may send per hour, to add and to edit each. Images stay on disk for the
     * orders that show them, and anyone can open a store, so this bounds what one store can put on the disk.
     */
    RATE_LIMIT_UPLOADS_PER_HOUR: wholeNumber(1).default(120),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Secret the simulated gateway signs with; only used when no Razorpay keys are set. */
    SIMULATED_GATEWAY_SECRET: z.string().min(16).default(DEFAULT_SIMULATED_SECRET),
    /**
     * A store on a public address takes test payments (the simulated gateway) only when this says so; every visitor
     * then sees a "test mode" banner.
     */
    ALLOW_TEST_PAYMENTS: bool.default(false),
    /** Bearer token that unlocks the detailed /api/health answer for monitoring (so does the operator's seller session). */
    HEALTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Whether the simulated gateway sends webhooks, as Razorpay does once a webhook URL is set on its dashboard. Off,
     * only the checkout callback and the reconciler find payments (what a missing webhook setup looks like).
     */
    SIMULATED_GATEWAY_WEBHOOKS: bool.default(true),
    /** How long an unpaid online order holds its stock; short, so nobody can hoard stock with unpaid orders. */
    PAYMENT_EXPIRY_MINUTES: wholeNumber(1).default(15),
    /** Unpaid online orders one shopper may hold at once; one more is refused with 409. */
    MAX_UNPAID_ONLINE_ORDERS: wholeNumber(1).default(3),
    /**
     * How long past its expiry an order still waits while a payment on it is in progress at the gateway (a UPI collect
     * can complete minutes after Checkout closed); after that it is cancelled, and a later capture is refunded.
     */
    PAYMENT_GRACE_MINUTES: wholeNumber(0).default(15),
    RECONCILE_AFTER_MINUTES: wholeNumber(1).default(5),
    RECONCILE_EVERY_SECONDS: wholeNumber(1).default(60),
    OUTBOX_POLL_MS: wholeNumber(1).default(1000),
    /** How often sockets are pinged and their sessions re-checked. */
    WS_HEARTBEAT_MS: wholeNumber(50).default(30_000),
    /** Pings a second an API process lets its visible pages send in all: a fuller process asks for a slower cadence. */
    WS_CLIENT_PINGS_PER_SECOND: wholeNumber(1).default(5_000),
    /** How often the worker role purges what retention no longer keeps (below). */
    PURGE_EVERY_SECONDS: wholeNumber(1).default(3600),
    /** Relayed outbox rows are kept this long for inspection, then deleted. */
    RETENTION_PUBLISHED_EVENTS_HOURS: wholeNumber(1).default(24),
    /** Sessions that expired or were revoked are deleted this long afterwards. */
    RETENTION_ENDED_SESSIONS_DAYS: wholeNumber(1).default(7),
    /** Stored webhook deliveries are deleted this long after they arrived (Razorpay stops retrying after 24 hours). */
    RETENTION_WEBHOOKS_DAYS: wholeNumber(1).default(30),
    /** Failed jobs stay in their queue's failed set this long for inspection, then are removed. */
    RETENTION_FAILED_JOBS_DAYS: wholeNumber(1).default(14),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * `npm start` only: where the embedded PostgreSQL and the private redis-server keep their data, and whether they run
     * only when nothing answers at the default addresses (auto) or in any case (always: a store of its own on a
     * machine whose shared services are busy with something else).
     */
    DATA_DIR: z.string().min(1).default('./.data'),
    EMBEDDED_SERVICES: z.enum(['auto', 'always']).default('auto'),
    /** Serve the built client from dist/client when present. */
    SERVE_CLIENT: bool.default(true),
    /** Which X-Forwarded-* hops to believe: they decide the client address for rate limits (see TrustProxy). */
    TRUST_PROXY: z.string().transform(trustProxy).default(false),
    /**
     * Behind a proxy, the address it publishes the store on (docker-compose.yml passes LB_ADDRESS). With HOST beyond
     * loopback, only a loopback address here says that no other machine reaches the store.
     */
    PUBLISHED_ADDRESS: z.string().optional(),
    /** The cookie `Secure` flag; on by default when PUBLIC_ORIGIN is https, and never off then (clearTextCookies). */
    COOKIE_SECURE: bool.optional(),
  });

export type Env = z.input<typeof ConfigSchema>;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Every variable the config reads: docker-compose.yml and the README's table must use only these names. */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape) as (keyof Env)[];

export type Config = Readonly<{
  databaseUrl: string;
  databasePoolSize: number;
  redisUrl: string;
  /** Seed nodes of a Redis Cluster; empty: the single Redis at redisUrl. */
  redisClusterNodes: readonly { host: string; port: number }[];
  redisPrefix: string;
  host: string;
  port: number;
  publicOrigin: string;
  /** Origins whose calls and WebSockets are the store's own (see trustedOrigins). */
  trustedOrigins: ReadonlySet<string>;
  uploadDir: string;
  maxImageBytes: number;
  seller: { email: string; password: string };
  sessionTtlMs: number;
  sessionCacheMs: number;
  passwordScryptLogN: number;
  cookieSecure: boolean;
  rateLimits: { perMinute: number; registrationsPerHour: number; uploadsPerHour: number };
  trustProxy: TrustProxy;
  /** Test payments are on (the simulated gateway): the client shows a "test mode" banner. */
  testPayments: boolean;
  healthToken: string | null;
  payments: {
    gateway: 'razorpay' | 'simulated';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    simulatedWebhooks: boolean;
    expiryMinutes: number;
    maxUnpaidOrders: number;
    graceMinutes: number;
    reconcileAfterMinutes: number;
    reconcileEverySeconds: number;
  };
  outboxPollMs: number;
  retention: { purgeEveryMs: number; publishedEventsMs: number; endedSessionsMs: number; webhooksMs: number; failedJobsMs: number };
  wsHeartbeatMs: number;
  wsClientPingsPerSecond: number;
  logLevel: string;
  serveClient: boolean;
  dataDir: string;
  embeddedServices: 'auto' | 'always';
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the given environment (process.env by default); throws ConfigError listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty (or blank) values count as unset, as they do in most .env files and compose files.
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = ConfigSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    const missing = env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID';
    problems.push(`${missing}: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither for the simulated gateway`);
  }
  if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET) {
    problems.push('RAZORPAY_WEBHOOK_SECRET: required with real Razorpay keys (the secret set on the Razorpay webhook)');
  }
  if (parsed.success) problems.push(...unsafeDefaults(parsed.data), ...clearTextCookies(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const publicOrigin = originOf(e);
  const simulated = !e.RAZORPAY_KEY_ID;
  return Object.freeze({
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisClusterNodes: clusterNodes(e.REDIS_CLUSTER_NODES),
    redisPrefix: e.REDIS_PREFIX,
    host: e.HOST ?? defaultHost(publicOrigin),
    port: e.PORT,
    publicOrigin,
    trustedOrigins: trustedOrigins([publicOrigin, ...(e.DEV_CLIENT_ORIGIN ? [e.DEV_CLIENT_ORIGIN] : [])]),
    uploadDir: e.UPLOAD_DIR,
    maxImageBytes: e.MAX_IMAGE_BYTES,
    seller: Object.freeze({ email: e.SELLER_EMAIL.toLowerCase(), password: e.SELLER_PASSWORD }),
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    passwordScryptLogN: e.PASSWORD_SCRYPT_LOG2_N,
    cookieSecure: e.COOKIE_SECURE ?? isHttps(publicOrigin),
    rateLimits: Object.freeze({
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      registrationsPerHour: e.RATE_LIMIT_REGISTRATIONS_PER_HOUR,
      uploadsPerHour: e.RATE_LIMIT_UPLOADS_PER_HOUR,
    }),
    trustProxy: e.TRUST_PROXY,
    testPayments: simulated || isRazorpayTestKey(e.RAZORPAY_KEY_ID),
    healthToken: e.HEALTH_TOKEN ?? null,
    payments: Object.freeze({
      gateway: simulated ? 'simulated' : 'razorpay',
      keyId: e.RAZORPAY_KEY_ID ?? 'rzp_test_simulated',
      keySecret: e.RAZORPAY_KEY_SECRET ?? e.SIMULATED_GATEWAY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? `${e.SIMULATED_GATEWAY_SECRET}-webhook`,
      simulatedWebhooks: e.SIMULATED_GATEWAY_WEBHOOKS,
      expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
      maxUnpaidOrders: e.MAX_UNPAID_ONLINE_ORDERS,
      graceMinutes: e.PAYMENT_GRACE_MINUTES,
      reconcileAfterMinutes: e.RECONCILE_AFTER_MINUTES,
      reconcileEverySeconds: e.RECONCILE_EVERY_SECONDS,
    }),
    outboxPollMs: e.OUTBOX_POLL_MS,
    retention: Object.freeze({
      purgeEveryMs: e.PURGE_EVERY_SECONDS * 1000,
      publishedEventsMs: e.RETENTION_PUBLISHED_EVENTS_HOURS * HOUR,
      endedSessionsMs: e.RETENTION_ENDED_SESSIONS_DAYS * DAY,
      webhooksMs: e.RETENTION_WEBHOOKS_DAYS * DAY,
      failedJobsMs: e.RETENTION_FAILED_JOBS_DAYS * DAY,
    }),
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    wsClientPingsPerSecond: e.WS_CLIENT_PINGS_PER_SECOND,
    logLevel: e.LOG_LEVEL,
    serveClient: e.SERVE_CLIENT,
    dataDir: e.DATA_DIR,
    embeddedServices: e.EMBEDDED_SERVICES,
  } satisfies Config);
}

function clusterNodes(list: string | undefined): Config['redisClusterNodes'] {
  if (!list) return [];
  return Object.freeze(
    list.split(',').map((entry) => {
      const [host, port] = entry.trim().split(':') as [string, string];
      return Object.freeze({ host, port: Number(port) });
    }),
  );
}

/** The store's address, normalised (`HTTPS://Shop.Example.in/` is https://shop.example.in). */
function originOf(e: z.output<typeof ConfigSchema>): string {
  return new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
}

const isHttps = (origin: string) => new URL(origin).protocol === 'https:';

/**
 * A store served over https must not let its session cookies travel without `Secure`: a single http request to its
 * host (a typed address, an old link) would carry them in clear text, where anyone on the network can take them.
 */
function clearTextCookies(e: z.output<typeof ConfigSchema>): string[] {
  if (e.COOKIE_SECURE !== false || !isHttps(originOf(e))) return [];
  return ['COOKIE_SECURE: must not be false when PUBLIC_ORIGIN is https (the session cookies would also travel in clear text over http); remove it, or set it to true'];
}

/** Razorpay's test-mode keys take test cards and move no money: a store using them is a test store. */
function isRazorpayTestKey(keyId: string | undefined): boolean {
  return keyId?.startsWith('rzp_test_') ?? false;
}

/**
 * Why other machines can reach the store, if they can: a public PUBLIC_ORIGIN, or the API listening beyond loopback.
 * A proxy in front does not make that safe by itself (TRUST_PROXY only says which forwarded addresses to believe, and
 * a listener on every interface is reached around it): only a proxy that publishes the store on loopback does, as
 * docker-compose.yml's does by default, and PUBLISHED_ADDRESS says so.
 */
function reachableFromElsewhere(e: z.output<typeof ConfigSchema>): string | null {
  if (!isLoopbackOrigin(e.PUBLIC_ORIGIN ?? 'http://localhost')) return `PUBLIC_ORIGIN ${new URL(e.PUBLIC_ORIGIN!).origin} is not a loopback address`;
  if (e.HOST === undefined || isLoopbackHost(e.HOST)) return null;
  if (e.PUBLISHED_ADDRESS === undefined) return `HOST ${e.HOST} lets other machines reach the store`;
  if (!isLoopbackHost(e.PUBLISHED_ADDRESS)) return `PUBLISHED_ADDRESS ${e.PUBLISHED_ADDRESS} lets other machines reach the store`;
  return null;
}

/**
 * Local development may use the demo password, the simulated gateway and its built-in secret; a store other machines
 * can reach may not, since anyone who has read the README could then log in as the seller or "pay" for orders. Nor
 * may it take Razorpay's test-mode payments unless it says it is a test store.
 */
function unsafeDefaults(e: z.output<typeof ConfigSchema>): string[] {
  const where = reachableFromElsewhere(e);
  if (!where) return [];
  const problems: string[] = [];
  if (e.SELLER_PASSWORD === DEMO_SELLER_PASSWORD) problems.push(`SELLER_PASSWORD: set a password of your own (${where}; the demo password is public)`);
  if (isRazorpayTestKey(e.RAZORPAY_KEY_ID) && !e.ALLOW_TEST_PAYMENTS) {
    problems.push(
      `RAZORPAY_KEY_ID: ${e.RAZORPAY_KEY_ID} is a Razorpay test-mode key, whose payments move no money (${where}); set your live keys, or ALLOW_TEST_PAYMENTS=true for a test store (it shows a test-mode banner)`,
    );
  }
  if (!e.RAZORPAY_KEY_ID) {
    if (!e.ALLOW_TEST_PAYMENTS) {
      problems.push(
        `RAZORPAY_KEY_ID: without Razorpay keys the simulated gateway lets anyone "pay" (${where}); set the Razorpay keys, or ALLOW_TEST_PAYMENTS=true for a test store (it shows a test-mode banner)`,
      );
    }
    if (e.SIMULATED_GATEWAY_SECRET === DEFAULT_SIMULATED_SECRET) problems.push(`SIMULATED_GATEWAY_SECRET: set a secret of your own (${where}; the default one is public)`);
  }
  return problems;
}

/** The one line a start prints about payments: which gateway takes them, and whether they are real. */
export function paymentsLine(config: Config): string {
  if (config.payments.gateway === 'simulated') return 'Payments: the simulated gateway, TEST MODE: no real money moves, and every visitor sees a test-mode banner.';
  if (config.testPayments) return `Payments: Razorpay in TEST MODE (key ${config.payments.keyId}): no real money moves, and every visitor sees a test-mode banner.`;
  return `Payments: Razorpay (key ${config.payments.keyId}).`;
}

const LOOPBACK_ALIASES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The given origins, and for a loopback one its loopback aliases on the same scheme and port: a store at
 * http://localhost:3000 is the same store opened at http://127.0.0.1:3000 or http://[::1]:3000 (the address a log or a
 * bookmark may show), and only this machine can reach any of them.
 */
export function trustedOrigins(origins: string[]): ReadonlySet<string> {
  const trusted = new Set<string>();
  for (const origin of origins) {
    const url = new URL(origin);
    trusted.add(url.origin);
    if (!isLoopbackOrigin(url.origin)) continue;
    for (const host of LOOPBACK_ALIASES) trusted.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return trusted;
}

/** An http(s) origin alone: no path, query or credentials for the store's address. */
function isWebOrigin(value: string): boolean {
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && `${url.origin}/` === url.href.replace(/\/?$/, '/');
}

/** Where to listen when HOST is unset: the loopback address the store is opened at, or every interface. */
function defaultHost(publicOrigin: string): string {
  if (!isLoopbackOrigin(publicOrigin)) return '0.0.0.0';
  return new URL(publicOrigin).hostname === '[::1]' ? '::1' : '127.0.0.1';
}

/** A host name or address only this machine reaches: localhost (and its subdomains), 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '[::1]' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** localhost, 127.0.0.0/8 or [::1]: only this machine can reach the store. */
export function isLoopbackOrigin(origin: string): boolean {
  return isLoopbackHost(new URL(origin).hostname);
}

/** Whether a variable was given explicitly (start.ts only falls back to embedded services for unset ones). */
export function isSet(name: keyof Env, source: Record<string, string | undefined> = process.env): boolean {
  return Boolean(source[name]?.trim());
}
