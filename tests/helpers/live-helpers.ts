import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { WsMessage } from '../../core/contracts/ws';
import { createLogger } from '../../core/infra/logger';
import type { Db } from '../../core/infra/prisma';
import { DbOrderStatus } from '../../core/modules/orders/order-enums';
import { startWorkers, type WorkerOptions } from '../../workers/worker-runtime';
import type { TestContext } from './build-app';
import { createProduct, defaultStoreId } from './factories';
import { insertOrderRow } from './order-rows';

/** A user (or seller) row with a live session, as the cookie header a browser would send. */
export async function userWithSession(ctx: TestContext, name = 'Asha'): Promise<{ userId: string; cookie: string; token: string }> {
  const user = await ctx.db.user.create({ data: { name, email: `${randomUUID()}@example.in`, passwordHash: 'x' } });
  const { token } = await ctx.services.sessions.create({ userId: user.id });
  return { userId: user.id, cookie: `sid=${token}`, token };
}

/**
 * A store's seller session: the test store that products and orders belong to by default, unless another store is
 * named (e.g. one made with `createStore`).
 */
export async function sellerWithSession(ctx: TestContext, sellerId?: string): Promise<{ sellerId: string; cookie: string; token: string }> {
  const id = sellerId ?? (await defaultStoreId(ctx.db));
  const { token } = await ctx.services.sessions.create({ sellerId: id });
  return { sellerId: id, cookie: `seller_sid=${token}`, token };
}

/** An order row written directly (placing orders through the API is covered by the orders tests), of the test store unless told. */
export async function insertOrder(db: Db, userId: string, status: DbOrderStatus = DbOrderStatus.ORDER_PLACED, sellerId?: string) {
  const product = await createProduct(db, { name: 'Test Apples 1kg', pricePaise: 20000, offerPricePaise: 18000, images: ['/x.svg'], ...(sellerId ? { sellerId } : {}) });
  return insertOrderRow(db, { userId, sellerId: product.sellerId, productId: product.id, status, unitPricePaise: 18000, quantity: 1, name: product.name });
}

export type LiveSocket = {
  socket: WebSocket;
  messages: WsMessage[];
  /** Resolves with the first message (already received or future) matching the predicate. */
  next: (predicate: (m: WsMessage) => boolean, timeoutMs?: number) => Promise<WsMessage>;
  closed: Promise<{ code: number; reason: string }>;
  close: () => void;
};

export async function openSocket(baseUrl: string, headers: Record<string, string> = {}): Promise<LiveSocket> {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/ws', { headers: { origin: 'http://localhost:3000', ...headers } });
  const messages: WsMessage[] = [];
  const waiters: { predicate: (m: WsMessage) => boolean; resolve: (m: WsMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const parsed = WsMessage.safeParse(JSON.parse(String(raw)));
    if (!parsed.success) return;
    messages.push(parsed.data);
    for (const w of [...waiters]) {
      if (w.predicate(parsed.data)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(parsed.data);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const hello = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    const check = () => (messages.some((m) => m.type === 'hello') ? resolve() : setTimeout(check, 5));
    check();
  });
  await hello;
  return {
    socket,
    messages,
    closed,
    close: () => socket.close(),
    next: (predicate, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const found = messages.find(predicate);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`)), timeoutMs);
        waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      }),
  };
}

/** The real worker role (relay + processors) on the test's database and Redis prefix. */
export function startTestWorkers(ctx: TestContext, options: WorkerOptions = {}) {
  return startWorkers(ctx.config, createLogger(process.env.TEST_WORKER_LOG ?? 'silent', 'test-worker'), options);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The app listening on a free port with its live subscription up, plus the real workers: what a test needs to watch
 * an effect travel to a socket. `stop()` stops the workers (the context closes the app).
 */
export async function startLiveStack(ctx: TestContext): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  await ctx.app.live.subscribed;
  const stop = await startTestWorkers(ctx);
  return { baseUrl, stop };
}
