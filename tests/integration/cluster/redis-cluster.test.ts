import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsMessage } from '../../../core/contracts/ws';
import { createNodeConnection, keyGroup, queuePrefix } from '../../../core/infra/redis';
import { subscribe } from '../../../core/infra/redis-subscription';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, postCodOrder, registerUser, shopperWithAddress } from '../../helpers/factories';
import { openSocket, sellerWithSession, sleep, startLiveStack, type LiveSocket } from '../../helpers/live-helpers';
import { createOnlineOrder, orderState, payInTestCheckout, waitFor } from '../../helpers/payment-flows';
import { startLocalCluster, type LocalCluster } from '../../helpers/redis-cluster';

const HEALTH_TOKEN = 'cluster-health-token-0123456789';

async function withDeadline(work: Promise<void> | undefined, what: string, timeoutMs = 20_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs)));
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The whole pipeline on a Redis Cluster (three masters, one replica each): orders placed through the API, relayed from
 * the outbox into BullMQ, processed by the workers and announced over the live socket; rate limits counted in the
 * cluster; and a master failing over in the middle of a stream of orders without losing one.
 */
describe('on a Redis Cluster', () => {
  let cluster: LocalCluster;
  let ctx: TestContext;
  let baseUrl: string;
  let stopWorkers: () => Promise<void>;
  let shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
  let productId: string;
  let sellerWs: LiveSocket;
  let shopperWs: LiveSocket;

  beforeAll(async () => {
    cluster = await startLocalCluster();
    ctx = await buildTestContext({ REDIS_CLUSTER_NODES: cluster.nodes, RATE_LIMIT_REGISTRATIONS_PER_HOUR: '3', HEALTH_TOKEN });
    const stack = await startLiveStack(ctx);
    baseUrl = stack.baseUrl;
    stopWorkers = stack.stop;
    shopper = await shopperWithAddress(ctx.app);
    productId = (await createProduct(ctx.db, { stockQuantity: 1000 })).id;
    const seller = await sellerWithSession(ctx);
    sellerWs = await openSocket(baseUrl, { cookie: seller.cookie });
    shopperWs = await openSocket(baseUrl, { cookie: shopper.cookie });
  }, 90_000);

  afterAll(async () => {
    sellerWs?.close();
    shopperWs?.close();
    try {
      // Each step has a deadline of its own, so a hang says where it is; the cluster is stopped in any case.
      await withDeadline(stopWorkers?.(), 'the workers to stop');
      await withDeadline(ctx?.close(), 'the app to close');
    } finally {
      await cluster?.stop();
    }
  }, 60_000);

  /**
   * A shopper's checkout: a 5xx is retried with the same Idempotency-Key, as the client does, and must then succeed;
   * anything else but 201/200 fails the test.
   */
  async function placeOrder(stats: { retried: number }): Promise<string> {
    const idempotencyKey = `cluster-${randomUUID()}`;
    for (let attempt = 1; ; attempt++) {
      const res = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: productId, quantity: 1 }], address: shopper.address._id, idempotencyKey });
      if (res.statusCode === 201 || res.statusCode === 200) return res.json().order._id;
      if (res.statusCode < 500 || attempt === 5) throw new Error(`order answered ${res.statusCode} on attempt ${attempt}: ${res.body}`);
      stats.retried++;
      await sleep(250 * attempt);
    }
  }

  const createdFor = (socket: LiveSocket, orderId: string) => socket.messages.some((m: WsMessage) => m.type === 'order.created' && m.order._id === orderId);

  it('places orders that the workers process and the live socket announces, created and updated', async () => {
    const orderId = await placeOrder({ retried: 0 });
    await sellerWs.next((m) => m.type === 'order.created' && m.order._id === orderId, 15_000);
    await shopperWs.next((m) => m.type === 'order.created' && m.order._id === orderId, 15_000);

    const seller = await sellerWithSession(ctx);
    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/order/status', headers: { cookie: seller.cookie }, payload: { orderId, status: 'On The Way' } });
    expect(moved.statusCode).toBe(200);
    const update = await shopperWs.next((m) => m.type === 'order.updated' && m.order._id === orderId, 15_000);
    expect(update.type === 'order.updated' && update.order.status).toBe('On The Way');

    // BullMQ's keys live under the hash-tagged prefix, so its scripts never span slots.
    expect(queuePrefix(ctx.config)).toBe(`{${ctx.prefix}}`);
    expect(await ctx.redis.exists(`{${ctx.prefix}}:orders:meta`)).toBe(1);
  });

  it('takes a test payment, whose records the simulated gateway keeps in one slot, and reports health and queue depths', async () => {
    const checkout = await createOnlineOrder(ctx.app, shopper.cookie, { items: [{ product: productId, quantity: 1 }], address: shopper.address._id });
    const paid = await payInTestCheckout(ctx.app, shopper.cookie, checkout.order.id);
    await waitFor(async () => (await orderState(ctx.db, checkout.dbOrderId)).isPaid, 'the payment to settle the order', 15_000);
    expect(await ctx.redis.exists(`${keyGroup(ctx.config, 'simgw')}:payment:${paid.razorpay_payment_id}`)).toBe(1);

    const health = (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${HEALTH_TOKEN}` } })).json();
    expect(health).toMatchObject({ status: 'up', redis: { ok: true }, queues: { orders: { failed: 0 }, payments: { failed: 0 } } });
  });

  it('counts request-rate limits and the login budget in the cluster', async () => {
    // Three registrations an hour from one address (set above); the fourth is refused by the shared counter.
    const ip = '10.9.0.1';
    const register = (i: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress: ip, payload: { name: 'Ravi', email: `ravi-${i}-${randomUUID()}@example.com`, password: 'correct-horse-battery' } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await register(i)).statusCode);
    expect(answers).toEqual([201, 201, 201, 429]);

    // The login budget's script touches three counters at once: on a cluster they share one slot, and live there.
    const target = await registerUser(ctx.app);
    const loginIp = '10.9.0.2';
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => ctx.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: loginIp, payload: { email: target.email, password: 'wrong-password' } })),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(await ctx.redis.get(`${keyGroup(ctx.config, 'login')}:user:ip:${loginIp}`)).not.toBeNull();
  });

  it('loses no order when a master fails over in the middle of a stream of orders', async () => {
    const stats = { retried: 0 };
    const placed: string[] = [];
    // Orders keep coming, three shoppers' checkouts at a time, while the master holding the queues hands over.
    let streaming = true;
    const stream = Promise.all(
      Array.from({ length: 3 }, async () => {
        while (streaming || placed.length < 24) placed.push(await placeOrder(stats));
      }),
    );
    await waitFor(async () => placed.length >= 6, 'the first orders of the stream', 20_000);
    const handover = await cluster.failOverMasterOf(`${queuePrefix(ctx.config)}:orders:wait`);
    expect(handover.to).not.toBe(handover.from);
    const placedBefore = placed.length;
    await waitFor(async () => placed.length >= placedBefore + 6, 'orders placed after the failover', 20_000);
    streaming = false;
    await stream;

    // Every order was relayed, processed and announced to its store and its shopper, exactly once.
    await waitFor(async () => placed.every((id) => createdFor(sellerWs, id) && createdFor(shopperWs, id)), `all ${placed.length} orders announced`, 30_000);
    expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    const announced = sellerWs.messages.filter((m) => m.type === 'order.created' && placed.includes(m.order._id));
    expect(announced).toHaveLength(placed.length);
    expect(new Set(placed).size).toBe(placed.length);
    // A failed request was retried (with its key) and then succeeded: the client can always get its order through.
    expect(stats.retried).toBeLessThanOrEqual(placed.length);
  }, 60_000);

  it('keeps announcing after the node the live subscription listens on crashes: it resubscribes on another node and tells the pages to fetch again', async () => {
    const resyncs = (socket: LiveSocket) => socket.messages.filter((m: WsMessage) => m.type === 'resync').length;
    const before = [resyncs(sellerWs), resyncs(shopperWs)];
    const port = await cluster.subscriberPort();
    await cluster.crash(port);
    // The subscription moves to a node still running. Then orders, while the cluster notices the crash and, if that
    // node was a master, its replica takes over.
    await waitFor(async () => (await cluster.subscriberPort()) !== port, 'the live subscription on another node', 15_000);
    // What was published while it moved is lost: the pages are told to fetch what they show again.
    await waitFor(async () => resyncs(sellerWs) > before[0]! && resyncs(shopperWs) > before[1]!, 'a resync on both sockets', 10_000);
    const stats = { retried: 0 };
    const placed = await Promise.all(Array.from({ length: 4 }, () => placeOrder(stats)));
    await cluster.waitUntilHealthy();
    placed.push(await placeOrder(stats));

    await waitFor(async () => placed.every((id) => createdFor(sellerWs, id) && createdFor(shopperWs, id)), `all ${placed.length} orders announced`, 30_000);
    expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
  }, 60_000);

  it('moves a subscription off a node that hangs without closing its connection, once a PING goes unanswered', async () => {
    const name = `freeze-${randomUUID().slice(0, 8)}`;
    const channel = `${name}:channel`;
    const received: string[] = [];
    let resubscribed = 0;
    const target = { ...ctx.config, redisPrefix: name };
    const subscription = subscribe(target, name, [channel], { onMessage: (_c, raw) => received.push(raw), onError: () => {}, onResubscribed: () => resubscribed++ }, { checkEveryMs: 300, answerWithinMs: 300 });
    await subscription.ready;
    const hung = await cluster.portOfClient(name);
    cluster.freeze(hung);
    try {
      await waitFor(async () => resubscribed === 1, 'the subscription to move to another node', 10_000);
      const now = await cluster.portOfClient(name);
      expect(now).not.toBe(hung);
      // Published through the node it listens on now: the subscription is in force there.
      const publisher = createNodeConnection(target, { host: '127.0.0.1', port: now });
      await publisher.publish(channel, 'after the move');
      publisher.disconnect();
      await waitFor(async () => received.includes('after the move'), 'the message published after the move', 5_000);
    } finally {
      subscription.close();
      cluster.thaw(hung);
    }
  }, 30_000);
});
